// Copies the server jar into server/ptxlint.jar, where the extension (and the .vsix) carry it.
// The jar comes from PTXLINT_JAR, else from this checkout's cli/target/ptxlint.jar.
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..', '..', '..');
const jar = process.env.PTXLINT_JAR || path.join(root, 'cli', 'target', 'ptxlint.jar');
if (!fs.existsSync(jar)) {
  console.error(`copy-server: ${jar} does not exist. Build it first, from ${root}:\n`
    + '  mvn -q -pl cli -am package -DskipTests');
  process.exit(1);
}
const dest = path.join(__dirname, '..', 'server', 'ptxlint.jar');
fs.mkdirSync(path.dirname(dest), { recursive: true });
fs.copyFileSync(jar, dest);
console.log(`copy-server: ${jar} -> ${path.relative(process.cwd(), dest)} (${fs.statSync(dest).size} bytes)`);
