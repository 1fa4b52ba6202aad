// Unit tests of the server-launch logic (src/launch.ts), in plain Node.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
    LaunchError,
    findJava,
    javaMajorVersion,
    javaOnPath,
    parseJavaMajor,
    serverCommand,
    serverSettings,
    splitArgs,
} from '../src/launch';

/** An isFile that says yes to exactly these paths. */
function files(...paths: string[]): (p: string) => boolean {
    const set = new Set(paths);
    return p => set.has(p);
}

const JAR = '/opt/ext/server/ptxlint.jar';

describe('findJava', () => {
    it('uses ptxlint.java.home first', () => {
        const c = findJava({
            javaHome: '/jdk/setting',
            env: { JAVA_HOME: '/jdk/env', PATH: '/usr/bin' },
            platform: 'linux',
            isFile: files('/jdk/setting/bin/java', '/jdk/env/bin/java', '/usr/bin/java'),
        });
        assert.deepEqual(c, { java: '/jdk/setting/bin/java', source: 'ptxlint.java.home' });
    });

    it('expands ~ in ptxlint.java.home', () => {
        const c = findJava({
            javaHome: '~/jdks/17', env: {}, platform: 'linux', home: '/home/u',
            isFile: files('/home/u/jdks/17/bin/java'),
        });
        assert.equal(c.java, '/home/u/jdks/17/bin/java');
    });

    it('fails plainly when ptxlint.java.home holds no java, instead of silently using another', () => {
        assert.throws(() => findJava({
            javaHome: '/nope', env: { JAVA_HOME: '/jdk/env' }, platform: 'linux',
            isFile: files('/jdk/env/bin/java'),
        }), (e: Error) => e instanceof LaunchError && /ptxlint\.java\.home.*\/nope\/bin\/java does not exist/.test(e.message));
    });

    it('uses JAVA_HOME when the setting is empty or blank', () => {
        for (const javaHome of [undefined, '', '   ']) {
            const c = findJava({
                javaHome, env: { JAVA_HOME: '/jdk/env', PATH: '/usr/bin' }, platform: 'linux',
                isFile: files('/jdk/env/bin/java', '/usr/bin/java'),
            });
            assert.deepEqual(c, { java: '/jdk/env/bin/java', source: 'JAVA_HOME' });
        }
    });

    it('falls back to PATH with a warning when JAVA_HOME holds no java', () => {
        const warnings: string[] = [];
        const c = findJava({
            env: { JAVA_HOME: '/broken', PATH: '/a:/usr/bin' }, platform: 'linux',
            isFile: files('/usr/bin/java'),
        }, warnings);
        assert.deepEqual(c, { java: '/usr/bin/java', source: 'PATH' });
        assert.equal(warnings.length, 1);
        assert.match(warnings[0], /JAVA_HOME is "\/broken"/);
    });

    it('searches PATH in order', () => {
        assert.equal(javaOnPath({ PATH: '/a::/b:/c' }, 'linux', files('/b/java', '/c/java')), '/b/java');
        assert.equal(javaOnPath({ PATH: '/a' }, 'linux', files()), undefined);
        assert.equal(javaOnPath({}, 'linux', files('/usr/bin/java')), undefined);
    });

    it('uses java.exe, Path and PATHEXT on Windows', () => {
        const c = findJava({
            javaHome: 'C:\\Program Files\\Java\\jdk-17', env: {}, platform: 'win32',
            isFile: files('C:\\Program Files\\Java\\jdk-17\\bin\\java.exe'),
        });
        assert.equal(c.java, 'C:\\Program Files\\Java\\jdk-17\\bin\\java.exe');
        assert.equal(javaOnPath({ Path: 'C:\\Windows;"C:\\jdk\\bin"', PATHEXT: '.COM;.EXE' }, 'win32',
            files('C:\\jdk\\bin\\java.exe')), 'C:\\jdk\\bin\\java.exe');
    });

    it('says how to fix it when there is no java at all', () => {
        assert.throws(() => findJava({ env: { PATH: '/usr/bin' }, platform: 'linux', isFile: files() }),
            (e: Error) => e instanceof LaunchError && /needs Java 17 or newer.*ptxlint\.java\.home.*JAVA_HOME.*PATH/.test(e.message));
    });
});

describe('splitArgs', () => {
    it('splits on whitespace and honours quotes and backslashes', () => {
        assert.deepEqual(splitArgs(''), []);
        assert.deepEqual(splitArgs(undefined), []);
        assert.deepEqual(splitArgs('  -Xmx256m   -XX:+UseSerialGC '), ['-Xmx256m', '-XX:+UseSerialGC']);
        assert.deepEqual(splitArgs('-Dlog="a b" \'-Dx=c d\' -Dy=e\\ f'), ['-Dlog=a b', '-Dx=c d', '-Dy=e f']);
        assert.deepEqual(splitArgs('-Da="" -Db=\'\''), ['-Da=', '-Db=']);
        assert.deepEqual(splitArgs('"x\\"y"'), ['x"y']);
    });

    it('rejects an unterminated quote', () => {
        assert.throws(() => splitArgs('-Dx="oops'), LaunchError);
    });
});

describe('serverCommand', () => {
    it('builds java [vmargs] -jar JAR --lsp', () => {
        const c = serverCommand({
            jar: JAR, vmargs: '-XX:+UseSerialGC -Xmx256m', env: { JAVA_HOME: '/jdk' }, platform: 'linux',
            isFile: files(JAR, '/jdk/bin/java'),
        });
        assert.equal(c.command, '/jdk/bin/java');
        assert.deepEqual(c.args, ['-XX:+UseSerialGC', '-Xmx256m', '-jar', JAR, '--lsp']);
        assert.equal(c.javaSource, 'JAVA_HOME');
        assert.deepEqual(c.warnings, []);
    });

    it('fails when the jar is missing', () => {
        assert.throws(() => serverCommand({ jar: JAR, env: { PATH: '/usr/bin' }, platform: 'linux', isFile: files('/usr/bin/java') }),
            /server jar .*ptxlint\.jar does not exist/);
    });

    it('refuses -jar in vmargs', () => {
        assert.throws(() => serverCommand({
            jar: JAR, vmargs: '-jar other.jar', env: { PATH: '/usr/bin' }, platform: 'linux', isFile: files(JAR, '/usr/bin/java'),
        }), /must not contain -jar/);
    });

    it('finds a real java on this machine and it runs the jar when built', async () => {
        const jar = path.resolve(__dirname, '..', '..', '..', '..', 'cli', 'target', 'ptxlint.jar');
        const c = serverCommand({ jar: fs.existsSync(jar) ? jar : __filename, vmargs: '' });
        assert.ok(fs.statSync(c.command).isFile());
        const major = await javaMajorVersion(c.command);
        assert.ok(major !== undefined && major >= 17, `java ${c.command} is ${major}`);
    });
});

describe('parseJavaMajor', () => {
    it('reads old and new version strings', () => {
        assert.equal(parseJavaMajor('openjdk version "17.0.15" 2025-04-15\nOpenJDK Runtime Environment'), 17);
        assert.equal(parseJavaMajor('java version "1.8.0_392"'), 8);
        assert.equal(parseJavaMajor('openjdk version "21" 2023-09-19'), 21);
        assert.equal(parseJavaMajor('openjdk version "25-ea" 2025-09-16'), 25);
        assert.equal(parseJavaMajor('Error: could not find libjava.so'), undefined);
    });

    it('gives undefined for a program that is not there', async () => {
        assert.equal(await javaMajorVersion(path.join(os.tmpdir(), 'no-such-java-here')), undefined);
    });
});

describe('serverSettings', () => {
    it('keeps the keys the server reads and drops client-side and empty ones', () => {
        const section = {
            java: { home: '/jdk' }, server: { vmargs: '-Xmx1g', jar: '' }, trace: { server: 'verbose' },
            rules: { PTX0250: 'off' }, defaultVersion: '', defaultTarget: 'sm_90', debounceMs: 0,
        };
        assert.deepEqual(serverSettings(section), { rules: { PTX0250: 'off' }, defaultTarget: 'sm_90', debounceMs: 0 });
        assert.deepEqual(serverSettings(undefined), {});
    });
});
