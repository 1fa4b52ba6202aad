// The grammar against the checker's opcode list and against the real nvcc output in testdata/valid:
// every instruction's name is scoped as an opcode and every other character gets some scope.
// (The annotated samples in test/grammar/*.ptx are run by vscode-tmgrammar-test: npm run test:grammar.)
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';

const EXT = path.resolve(__dirname, '..', '..');
const ROOT = path.resolve(EXT, '..', '..');
const GRAMMAR = path.join(EXT, 'syntaxes', 'ptx.tmLanguage.json');

async function loadGrammar(): Promise<vsctm.IGrammar> {
    const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    const registry = new vsctm.Registry({
        onigLib: Promise.resolve({
            createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
            createOnigString: (s: string) => new oniguruma.OnigString(s),
        }),
        loadGrammar: async (scope: string) => scope === 'source.ptx'
            ? vsctm.parseRawGrammar(fs.readFileSync(GRAMMAR, 'utf8'), GRAMMAR)
            : null,
    });
    const g = await registry.loadGrammar('source.ptx');
    assert.ok(g);
    return g!;
}

function ptxFiles(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
        const p = path.join(dir, e.name);
        return e.isDirectory() ? ptxFiles(p) : e.name.endsWith('.ptx') ? [p] : [];
    });
}

describe('grammar', () => {
    it('is generated from docs/ptx-opcodes.txt (node scripts/gen-grammar.js --check)', () => {
        const r = spawnSync(process.execPath, [path.join(EXT, 'scripts', 'gen-grammar.js'), '--check'], { encoding: 'utf8' });
        assert.equal(r.status, 0, r.stderr);
    });

    it('scopes every instruction of the nvcc corpus and leaves no character unscoped', async () => {
        const grammar = await loadGrammar();
        const opcodes = new Set(fs.readFileSync(path.join(ROOT, 'docs', 'ptx-opcodes.txt'), 'utf8')
            .split('\n').map(l => l.trim()).filter(l => l && !l.startsWith('#')));
        const files = ptxFiles(path.join(ROOT, 'testdata', 'valid'));
        assert.ok(files.length > 10);
        const problems: string[] = [];
        let instructions = 0;
        for (const file of files) {
            let state = vsctm.INITIAL;
            const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
            for (let n = 0; n < lines.length && problems.length < 20; n++) {
                const line = lines[n];
                const r = grammar.tokenizeLine(line, state);
                state = r.ruleStack;
                const where = `${path.relative(ROOT, file)}:${n + 1}`;
                for (const t of r.tokens) {
                    const text = line.slice(t.startIndex, t.endIndex);
                    if (t.scopes.length === 1 && text.trim() !== '') {
                        problems.push(`${where}: '${text}' has no scope: ${line.trim()}`);
                    }
                }
                // An instruction statement: optional label, optional guard, then a known opcode.
                const m = /^(\s*(?:[A-Za-z_$][\w$]*:\s*)?(?:@!?%?[\w$]+\s+)?)([a-z][a-z0-9_]*)(?=[.\s;])/.exec(line);
                const inComment = r.tokens.some(t => t.startIndex <= (m?.[1].length ?? 0) && (m?.[1].length ?? 0) < t.endIndex
                    && t.scopes.some(s => s.startsWith('comment.')));
                if (m && opcodes.has(m[2]) && !inComment) {
                    instructions++;
                    const at = m[1].length;
                    const tok = r.tokens.find(t => t.startIndex <= at && at < t.endIndex)!;
                    if (!tok.scopes.includes('keyword.other.opcode.ptx')) {
                        problems.push(`${where}: '${m[2]}' is scoped ${tok.scopes.join(' ')}: ${line.trim()}`);
                    }
                }
            }
        }
        assert.deepEqual(problems, []);
        assert.ok(instructions > 1000, `only ${instructions} instructions seen`);
    });
});
