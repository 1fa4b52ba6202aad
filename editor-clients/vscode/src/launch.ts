// How the extension starts the ptxlint server: which java, which arguments. No `vscode` import, so
// that this runs (and is unit tested) in plain Node.
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** The oldest Java that runs the server jar (it is compiled for Java 17). */
export const MIN_JAVA = 17;

/** The keys of the `ptxlint` settings section that the server itself reads. */
export const SERVER_SETTING_KEYS = ['rules', 'defaultVersion', 'defaultTarget', 'debounceMs'] as const;

export interface LaunchOptions {
    /** `ptxlint.java.home`: a JDK/JRE folder; empty or undefined means "not set". */
    javaHome?: string;
    /** `ptxlint.server.vmargs`: extra JVM arguments, split like a shell would (quotes group). */
    vmargs?: string;
    /** Absolute path of ptxlint.jar. */
    jar: string;
    /** Environment to read JAVA_HOME and PATH from (default: process.env). */
    env?: NodeJS.ProcessEnv;
    /** Platform whose path rules apply (default: process.platform). */
    platform?: NodeJS.Platform;
    /** Whether a path is an existing file (default: fs.statSync). Tests replace it. */
    isFile?: (p: string) => boolean;
    /** Home directory for a leading `~` (default: os.homedir()). */
    home?: string;
}

export type JavaSource = 'ptxlint.java.home' | 'JAVA_HOME' | 'PATH';

export interface JavaChoice {
    /** The java executable to run (absolute, except the bare name when nothing better is known). */
    java: string;
    source: JavaSource;
}

export interface ServerCommand {
    command: string;
    args: string[];
    javaSource: JavaSource;
    /** Things the user should know but that do not stop the launch (e.g. a broken JAVA_HOME). */
    warnings: string[];
}

/** A launch that cannot work, with a message meant for the user. */
export class LaunchError extends Error {
    constructor(message: string) {
        super(message);
        this.name = 'LaunchError';
    }
}

function defaultIsFile(p: string): boolean {
    try {
        return fs.statSync(p).isFile();
    } catch {
        return false;
    }
}

function pathApi(platform: NodeJS.Platform): path.PlatformPath {
    return platform === 'win32' ? path.win32 : path.posix;
}

function expandHome(p: string, home: string, platform: NodeJS.Platform): string {
    if (p === '~') {
        return home;
    }
    if (p.startsWith('~/') || (platform === 'win32' && p.startsWith('~\\'))) {
        return pathApi(platform).join(home, p.slice(2));
    }
    return p;
}

/** `bin/java` (or `bin\java.exe`) under a JDK folder. */
export function javaInHome(home: string, platform: NodeJS.Platform = process.platform): string {
    return pathApi(platform).join(home, 'bin', platform === 'win32' ? 'java.exe' : 'java');
}

/** Looks `java` up on PATH (with PATHEXT's extensions on Windows); undefined when absent. */
export function javaOnPath(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform,
    isFile: (p: string) => boolean = defaultIsFile): string | undefined {
    const p = pathApi(platform);
    const pathVar = platform === 'win32' ? (env.Path ?? env.PATH ?? env.path) : env.PATH;
    if (!pathVar) {
        return undefined;
    }
    const exts = platform === 'win32'
        ? (env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(e => e.length > 0)
        : [''];
    for (const dir of pathVar.split(platform === 'win32' ? ';' : ':')) {
        if (!dir) {
            continue;
        }
        for (const ext of exts) {
            const candidate = p.join(dir.replace(/^"(.*)"$/, '$1'), 'java' + ext.toLowerCase());
            if (isFile(candidate)) {
                return candidate;
            }
        }
    }
    return undefined;
}

/**
 * The java to run, like vscode-xml picks it: the `ptxlint.java.home` setting (an error when it
 * holds no java), else JAVA_HOME (skipped with a warning when it holds none), else `java` on PATH.
 */
export function findJava(opts: Omit<LaunchOptions, 'jar' | 'vmargs'>, warnings: string[] = []): JavaChoice {
    const env = opts.env ?? process.env;
    const platform = opts.platform ?? process.platform;
    const isFile = opts.isFile ?? defaultIsFile;
    const home = opts.home ?? os.homedir();
    const setting = opts.javaHome?.trim();
    if (setting) {
        const java = javaInHome(expandHome(setting, home, platform), platform);
        if (!isFile(java)) {
            throw new LaunchError(`ptxlint.java.home is set to "${setting}", but ${java} does not exist. `
                + `Set it to the folder of a JDK or JRE ${MIN_JAVA} or newer (the folder that contains bin/), or clear it.`);
        }
        return { java, source: 'ptxlint.java.home' };
    }
    const javaHome = env.JAVA_HOME?.trim();
    if (javaHome) {
        const java = javaInHome(javaHome, platform);
        if (isFile(java)) {
            return { java, source: 'JAVA_HOME' };
        }
        warnings.push(`JAVA_HOME is "${javaHome}", but ${java} does not exist; using java from PATH instead.`);
    }
    const onPath = javaOnPath(env, platform, isFile);
    if (onPath) {
        return { java: onPath, source: 'PATH' };
    }
    throw new LaunchError(`ptxlint needs Java ${MIN_JAVA} or newer to run its language server, and none was found: `
        + 'set ptxlint.java.home to a JDK folder, set JAVA_HOME, or put java on PATH.');
}

/**
 * Splits JVM arguments like a POSIX shell without expansions: whitespace separates, single and
 * double quotes group (`-Dx="a b"` is one argument `-Dx=a b`), a backslash escapes outside single quotes.
 */
export function splitArgs(s: string | undefined): string[] {
    const out: string[] = [];
    if (!s) {
        return out;
    }
    let cur = '';
    let inArg = false;
    let quote: '"' | "'" | null = null;
    for (let i = 0; i < s.length; i++) {
        const c = s[i];
        if (quote) {
            if (c === quote) {
                quote = null;
            } else if (c === '\\' && quote === '"' && i + 1 < s.length && (s[i + 1] === '"' || s[i + 1] === '\\')) {
                cur += s[++i];
            } else {
                cur += c;
            }
        } else if (c === '"' || c === "'") {
            quote = c;
            inArg = true;
        } else if (c === '\\' && i + 1 < s.length) {
            cur += s[++i];
            inArg = true;
        } else if (/\s/.test(c)) {
            if (inArg) {
                out.push(cur);
                cur = '';
                inArg = false;
            }
        } else {
            cur += c;
            inArg = true;
        }
    }
    if (quote) {
        throw new LaunchError(`ptxlint.server.vmargs has an unterminated ${quote} quote: ${s}`);
    }
    if (inArg) {
        out.push(cur);
    }
    return out;
}

/** The full command line that runs the server on stdio: java [vmargs] -jar ptxlint.jar --lsp. */
export function serverCommand(opts: LaunchOptions): ServerCommand {
    const isFile = opts.isFile ?? defaultIsFile;
    if (!isFile(opts.jar)) {
        throw new LaunchError(`The ptxlint server jar ${opts.jar} does not exist.`);
    }
    const warnings: string[] = [];
    const java = findJava(opts, warnings);
    const vmargs = splitArgs(opts.vmargs);
    if (vmargs.includes('-jar')) {
        throw new LaunchError('ptxlint.server.vmargs must not contain -jar: the extension adds it.');
    }
    return { command: java.java, args: [...vmargs, '-jar', opts.jar, '--lsp'], javaSource: java.source, warnings };
}

/**
 * The major version in `java -version` output (`openjdk version "17.0.15"` → 17,
 * `java version "1.8.0_392"` → 8); undefined when there is none.
 */
export function parseJavaMajor(versionOutput: string): number | undefined {
    const m = /version "(\d+)(?:\.(\d+))?[^"]*"/.exec(versionOutput);
    if (!m) {
        return undefined;
    }
    const first = Number(m[1]);
    return first === 1 && m[2] !== undefined ? Number(m[2]) : first;
}

/** Runs `java -version` and returns the major version (undefined if it cannot be told). */
export function javaMajorVersion(java: string, timeoutMs = 15000): Promise<number | undefined> {
    return new Promise(resolve => {
        let out = '';
        let done = false;
        const finish = (v: number | undefined) => {
            if (!done) {
                done = true;
                clearTimeout(timer);
                resolve(v);
            }
        };
        let child;
        try {
            child = spawn(java, ['-version'], { stdio: ['ignore', 'pipe', 'pipe'] });
        } catch {
            finish(undefined);
            return;
        }
        const timer = setTimeout(() => {
            child.kill();
            finish(undefined);
        }, timeoutMs);
        child.stdout?.on('data', d => (out += d));
        child.stderr?.on('data', d => (out += d));
        child.on('error', () => finish(undefined));
        child.on('close', () => finish(parseJavaMajor(out)));
    });
}

/**
 * The server's own settings out of the whole `ptxlint` section (as `initializationOptions`): the
 * keys the server reads, without the client-side ones (java.home, server.*, trace.*) and without
 * empty strings, which mean "not set".
 */
export function serverSettings(section: Record<string, unknown> | undefined): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    if (!section) {
        return out;
    }
    for (const key of SERVER_SETTING_KEYS) {
        const v = section[key];
        if (v === undefined || v === null || v === '') {
            continue;
        }
        out[key] = v;
    }
    return out;
}
