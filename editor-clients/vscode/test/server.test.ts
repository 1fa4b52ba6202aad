// Drives the real ptxlint server over stdio with vscode-languageserver-protocol, the JSON-RPC library
// that vscode-languageclient itself uses, launched the way the extension launches it (src/launch.ts).
import { strict as assert } from 'node:assert';
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import {
    CodeAction,
    CodeActionRequest,
    Diagnostic,
    DidChangeConfigurationNotification,
    DidChangeTextDocumentNotification,
    DidOpenTextDocumentNotification,
    DocumentDiagnosticRequest,
    ExitNotification,
    HoverRequest,
    InitializeRequest,
    InitializeResult,
    InitializedNotification,
    MarkupContent,
    ProtocolConnection,
    PublishDiagnosticsNotification,
    PublishDiagnosticsParams,
    ShutdownRequest,
    StreamMessageReader,
    StreamMessageWriter,
    TextDocumentSyncKind,
    createProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import { serverCommand } from '../src/launch';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const JAR = process.env.PTXLINT_JAR ?? path.join(ROOT, 'cli', 'target', 'ptxlint.jar');
const MISTAKES = path.join(ROOT, 'examples', 'mistakes.ptx');
const MISTAKES_URI = pathToFileURL(MISTAKES).toString();
const TEXT = fs.readFileSync(MISTAKES, 'utf8');
const TIMEOUT_MS = 30000;

/** The 0-based line of the first line of TEXT that contains `needle`. */
function lineOf(needle: string): number {
    const i = TEXT.split('\n').findIndex(l => l.includes(needle));
    assert.ok(i >= 0, `no line with ${needle}`);
    return i;
}

interface Server {
    proc: ChildProcess;
    conn: ProtocolConnection;
    exited: Promise<number | null>;
    stderr: () => string;
    /** Resolves with the next publishDiagnostics for `uri` that satisfies `accept`. */
    nextDiagnostics(uri: string, accept?: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
}

function withTimeout<T>(p: Promise<T>, what: string, server?: Server): Promise<T> {
    return new Promise<T>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`timed out waiting for ${what}; server stderr:\n${server?.stderr() ?? ''}`)), TIMEOUT_MS);
        p.then(v => { clearTimeout(t); resolve(v); }, e => { clearTimeout(t); reject(e); });
    });
}

function startServer(): Server {
    const cmd = serverCommand({ jar: JAR, vmargs: '-XX:+UseSerialGC' });
    const proc = spawn(cmd.command, cmd.args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    proc.stderr!.on('data', d => (err += d));
    const exited = new Promise<number | null>(resolve => proc.on('exit', code => resolve(code)));
    const conn = createProtocolConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
    const waiters: { uri: string; accept: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
    conn.onNotification(PublishDiagnosticsNotification.type, p => {
        const i = waiters.findIndex(w => w.uri === p.uri && w.accept(p));
        if (i >= 0) {
            waiters.splice(i, 1)[0].resolve(p);
        }
    });
    conn.listen();
    const server: Server = {
        proc, conn, exited, stderr: () => err,
        nextDiagnostics: (uri, accept = () => true) =>
            withTimeout(new Promise(resolve => waiters.push({ uri, accept, resolve })), `diagnostics for ${uri}`, server),
    };
    return server;
}

function codesAndLines(ds: Diagnostic[]): string[] {
    return ds.map(d => `${d.code}@${d.range.start.line}`).sort();
}

describe('ptxlint server over stdio (push diagnostics)', () => {
    let s: Server;
    let init: InitializeResult;

    before(async () => {
        assert.ok(fs.existsSync(JAR), `${JAR} is missing: build it with mvn -q -pl cli -am package -DskipTests`);
        s = startServer();
        init = await withTimeout(s.conn.sendRequest(InitializeRequest.type, {
            processId: process.pid,
            rootUri: pathToFileURL(ROOT).toString(),
            capabilities: {
                textDocument: {
                    publishDiagnostics: { versionSupport: true, codeDescriptionSupport: true },
                    hover: { contentFormat: ['markdown', 'plaintext'] },
                    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
                },
            },
            initializationOptions: { ptxlint: { debounceMs: 0 } },
        }), 'initialize', s);
        await s.conn.sendNotification(InitializedNotification.type, {});
    });

    after(() => {
        if (s && s.proc.exitCode === null) {
            s.proc.kill();
        }
        s?.conn.dispose();
    });

    it('announces what it does', () => {
        assert.equal(init.serverInfo?.name, 'ptxlint');
        const caps = init.capabilities;
        const sync = caps.textDocumentSync;
        assert.ok(typeof sync === 'object' && sync.change === TextDocumentSyncKind.Incremental && sync.openClose);
        assert.equal(caps.hoverProvider, true);
        assert.ok(caps.codeActionProvider);
        assert.ok(caps.completionProvider);
        assert.equal(caps.diagnosticProvider, undefined, 'no pull diagnostics when the client does not announce them');
    });

    let diagnostics: Diagnostic[] = [];

    it('publishes the mistakes of examples/mistakes.ptx with their codes, lines and docs links', async () => {
        const published = s.nextDiagnostics(MISTAKES_URI);
        await s.conn.sendNotification(DidOpenTextDocumentNotification.type, {
            textDocument: { uri: MISTAKES_URI, languageId: 'ptx', version: 1, text: TEXT },
        });
        const p = await published;
        assert.equal(p.version, 1);
        diagnostics = p.diagnostics;
        assert.deepEqual(codesAndLines(diagnostics), [
            `PTX0002@${lineOf('setp.ge.u32')}`,
            `PTX0100@${lineOf('mull.f32')}`,
            `PTX0101@${lineOf('%f4;')}`,
        ].sort());
        const mull = diagnostics.find(d => d.code === 'PTX0100')!;
        assert.deepEqual(mull.range, {
            start: { line: lineOf('mull.f32'), character: 2 },
            end: { line: lineOf('mull.f32'), character: 6 },
        });
        assert.match(mull.message, /unknown instruction 'mull'; did you mean 'mul'/);
        assert.equal(mull.severity, 1);
        assert.equal(mull.source, 'ptxlint');
        assert.match(mull.codeDescription?.href ?? '', /PTX0100/);
    });

    it('hovers on an instruction and on a register', async () => {
        const line = lineOf('mul.wide.u32');
        const h = await withTimeout(s.conn.sendRequest(HoverRequest.type, {
            textDocument: { uri: MISTAKES_URI }, position: { line, character: 3 },
        }), 'hover', s);
        assert.ok(h, 'a hover on mul.wide.u32');
        const text = (h!.contents as MarkupContent).value;
        assert.equal((h!.contents as MarkupContent).kind, 'markdown');
        assert.match(text, /mul/);
        const reg = await withTimeout(s.conn.sendRequest(HoverRequest.type, {
            textDocument: { uri: MISTAKES_URI }, position: { line: lineOf('mov.u32 %r2'), character: 11 },
        }), 'hover', s);
        assert.match((reg!.contents as MarkupContent).value, /\.b32/);
    });

    it('offers the did-you-mean fix and "Disable PTX0100 for this line" as quick fixes', async () => {
        const mull = diagnostics.find(d => d.code === 'PTX0100')!;
        const actions = await withTimeout(s.conn.sendRequest(CodeActionRequest.type, {
            textDocument: { uri: MISTAKES_URI }, range: mull.range, context: { diagnostics: [mull] },
        }), 'codeAction', s) as CodeAction[];
        const titles = actions.map(a => a.title);
        assert.ok(titles.includes('Disable PTX0100 for this line'), titles.join(' | '));
        const fix = actions.find(a => a.edit?.changes?.[MISTAKES_URI]?.some(e => e.newText === 'mul'));
        assert.ok(fix, `a fix replacing mull by mul among: ${titles.join(' | ')}`);
        assert.equal(fix!.kind, 'quickfix');
        const disable = actions.find(a => a.title === 'Disable PTX0100 for this line')!;
        const edit = disable.edit!.changes![MISTAKES_URI][0];
        assert.equal(edit.newText, '  // ptxlint-disable-next-line PTX0100\n');
        assert.equal(edit.range.start.line, lineOf('mull.f32'));
    });

    it('re-lints after an edit and after a settings change', async () => {
        const line = lineOf('mull.f32');
        let published = s.nextDiagnostics(MISTAKES_URI, p => p.version === 2);
        await s.conn.sendNotification(DidChangeTextDocumentNotification.type, {
            textDocument: { uri: MISTAKES_URI, version: 2 },
            contentChanges: [{ range: { start: { line, character: 2 }, end: { line, character: 6 } }, text: 'mul' }],
        });
        assert.deepEqual(codesAndLines((await published).diagnostics),
            [`PTX0002@${lineOf('setp.ge.u32')}`, `PTX0101@${lineOf('%f4;')}`].sort());

        published = s.nextDiagnostics(MISTAKES_URI);
        await s.conn.sendNotification(DidChangeConfigurationNotification.type, {
            settings: { ptxlint: { rules: { PTX0101: 'off' }, defaultVersion: '', debounceMs: 0 } },
        });
        assert.deepEqual(codesAndLines((await published).diagnostics), [`PTX0002@${lineOf('setp.ge.u32')}`]);
    });

    it('shuts down and exits with status 0', async () => {
        const result = await withTimeout(s.conn.sendRequest(ShutdownRequest.type), 'shutdown', s);
        assert.equal(result, null);
        await s.conn.sendNotification(ExitNotification.type);
        assert.equal(await withTimeout(s.exited, 'exit', s), 0);
    });
});

describe('ptxlint server over stdio (pull diagnostics, as VS Code asks for them)', () => {
    it('answers textDocument/diagnostic', async () => {
        const s = startServer();
        try {
            const init = await withTimeout(s.conn.sendRequest(InitializeRequest.type, {
                processId: process.pid, rootUri: null,
                capabilities: { textDocument: { diagnostic: { dynamicRegistration: false } } },
                initializationOptions: { ptxlint: { debounceMs: 0 } },
            }), 'initialize', s);
            assert.ok(init.capabilities.diagnosticProvider, 'diagnosticProvider when the client pulls');
            await s.conn.sendNotification(InitializedNotification.type, {});
            await s.conn.sendNotification(DidOpenTextDocumentNotification.type, {
                textDocument: { uri: MISTAKES_URI, languageId: 'ptx', version: 1, text: TEXT },
            });
            const report = await withTimeout(s.conn.sendRequest(DocumentDiagnosticRequest.type, {
                textDocument: { uri: MISTAKES_URI },
            }), 'textDocument/diagnostic', s);
            assert.equal(report.kind, 'full');
            assert.deepEqual(codesAndLines(report.kind === 'full' ? report.items : []), [
                `PTX0002@${lineOf('setp.ge.u32')}`, `PTX0100@${lineOf('mull.f32')}`, `PTX0101@${lineOf('%f4;')}`,
            ].sort());
            await withTimeout(s.conn.sendRequest(ShutdownRequest.type), 'shutdown', s);
            await s.conn.sendNotification(ExitNotification.type);
            assert.equal(await withTimeout(s.exited, 'exit', s), 0);
        } finally {
            if (s.proc.exitCode === null) {
                s.proc.kill();
            }
            s.conn.dispose();
        }
    });
});
