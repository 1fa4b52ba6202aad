// Lists a .vsix (a zip file) and checks that it holds what the extension needs at run time:
// the manifest, the compiled extension, the grammar, the language client and the server jar.
// Usage: node scripts/check-vsix.js ptxlint.vsix
'use strict';
const fs = require('fs');

/** Names and uncompressed sizes from the zip's central directory. */
function zipEntries(buf) {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) {
    throw new Error('not a zip file (no end of central directory record)');
  }
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries = [];
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) {
      throw new Error(`bad central directory entry at ${p}`);
    }
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    entries.push({ name: buf.toString('utf8', p + 46, p + 46 + nameLen), size });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/check-vsix.js FILE.vsix');
  process.exit(2);
}
const entries = zipEntries(fs.readFileSync(file));
for (const e of entries) {
  console.log(`${String(e.size).padStart(10)}  ${e.name}`);
}
const required = [
  'extension.vsixmanifest',
  'extension/package.json',
  'extension/out/src/extension.js',
  'extension/out/src/launch.js',
  'extension/syntaxes/ptx.tmLanguage.json',
  'extension/language-configuration.json',
  'extension/node_modules/vscode-languageclient/node.js',
  'extension/server/ptxlint.jar',
];
const names = new Map(entries.map(e => [e.name, e]));
const missing = required.filter(r => !names.has(r));
const forbidden = entries.filter(e => /^extension\/(src|test|out\/test)\/|\.ts$|^extension\/node_modules\/(typescript|@vscode\/vsce|@types)\//.test(e.name)
  && !e.name.endsWith('.d.ts'));
let ok = true;
if (missing.length) {
  console.error(`check-vsix: missing from ${file}: ${missing.join(', ')}`);
  ok = false;
}
// The licence (Apache-2.0): vsce packs LICENSE, some versions as LICENSE.txt.
if (!names.has('extension/LICENSE') && !names.has('extension/LICENSE.txt')) {
  console.error(`check-vsix: no LICENSE in ${file}`);
  ok = false;
}
const jar = names.get('extension/server/ptxlint.jar');
if (jar && jar.size < 100000) {
  console.error(`check-vsix: extension/server/ptxlint.jar is only ${jar.size} bytes`);
  ok = false;
}
if (forbidden.length) {
  console.error(`check-vsix: should not be packed: ${forbidden.map(e => e.name).join(', ')}`);
  ok = false;
}
if (!ok) {
  process.exit(1);
}
console.log(`check-vsix: ${file}: ${entries.length} files, server jar ${jar.size} bytes: ok`);
