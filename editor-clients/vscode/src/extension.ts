// The VS Code side of ptxlint: starts `java -jar ptxlint.jar --lsp` and connects it to `ptx` files.
import * as path from 'path';
import * as vscode from 'vscode';
import {
    LanguageClient,
    LanguageClientOptions,
    RevealOutputChannelOn,
    ServerOptions,
    TransportKind,
} from 'vscode-languageclient/node';
import {
    LaunchError,
    MIN_JAVA,
    SERVER_SETTING_KEYS,
    javaMajorVersion,
    serverCommand,
    serverSettings,
} from './launch';

let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;

/** Settings whose change needs a new server process (the others reach the running server). */
const RESTART_SETTINGS = ['ptxlint.java.home', 'ptxlint.server.vmargs', 'ptxlint.server.jar'];

export async function activate(context: vscode.ExtensionContext): Promise<void> {
    output = vscode.window.createOutputChannel('ptxlint');
    context.subscriptions.push(output);
    context.subscriptions.push(
        vscode.commands.registerCommand('ptxlint.restartServer', async () => {
            await stop();
            await start(context);
        }),
        vscode.commands.registerCommand('ptxlint.showOutput', () => output?.show(true)),
        vscode.workspace.onDidChangeConfiguration(async e => {
            if (RESTART_SETTINGS.some(s => e.affectsConfiguration(s))) {
                const choice = await vscode.window.showInformationMessage(
                    'The ptxlint server must restart to use the new Java settings.', 'Restart now');
                if (choice === 'Restart now') {
                    await vscode.commands.executeCommand('ptxlint.restartServer');
                }
            }
        }),
    );
    await start(context);
}

export async function deactivate(): Promise<void> {
    await stop();
}

function jarPath(context: vscode.ExtensionContext, configured: string | undefined): string {
    const jar = configured?.trim();
    if (!jar) {
        return context.asAbsolutePath(path.join('server', 'ptxlint.jar'));
    }
    if (path.isAbsolute(jar)) {
        return jar;
    }
    const folder = vscode.workspace.workspaceFolders?.[0];
    return folder ? path.join(folder.uri.fsPath, jar) : path.resolve(jar);
}

async function start(context: vscode.ExtensionContext): Promise<void> {
    const config = vscode.workspace.getConfiguration('ptxlint');
    let command;
    try {
        command = serverCommand({
            javaHome: config.get<string>('java.home'),
            vmargs: config.get<string>('server.vmargs'),
            jar: jarPath(context, config.get<string>('server.jar')),
        });
    } catch (e) {
        if (e instanceof LaunchError) {
            output?.appendLine(e.message);
            void vscode.window.showErrorMessage(e.message, 'Open Settings').then(choice => {
                if (choice === 'Open Settings') {
                    void vscode.commands.executeCommand('workbench.action.openSettings', 'ptxlint.java.home');
                }
            });
            return;
        }
        throw e;
    }
    for (const w of command.warnings) {
        output?.appendLine(w);
        void vscode.window.showWarningMessage(w);
    }
    const major = await javaMajorVersion(command.command);
    if (major !== undefined && major < MIN_JAVA) {
        const msg = `ptxlint needs Java ${MIN_JAVA} or newer, but ${command.command} (from ${command.javaSource}) `
            + `is Java ${major}. Set ptxlint.java.home to a newer JDK.`;
        output?.appendLine(msg);
        void vscode.window.showErrorMessage(msg);
        return;
    }
    output?.appendLine(`Starting ${command.command} ${command.args.join(' ')} (java from ${command.javaSource})`);

    const serverOptions: ServerOptions = {
        command: command.command,
        args: command.args,
        transport: TransportKind.stdio,
    };
    const clientOptions: LanguageClientOptions = {
        documentSelector: [
            { scheme: 'file', language: 'ptx' },
            { scheme: 'untitled', language: 'ptx' },
            // CUDA C++: the server lints the inline PTX of asm statements and answers hover and
            // completion inside their strings only, so it runs beside clangd / the C++ extension.
            { scheme: 'file', language: 'cuda-cpp' },
            { scheme: 'untitled', language: 'cuda-cpp' },
            { scheme: 'file', language: 'cuda' },
        ],
        // The server reads the `ptxlint` section: sent at start and whenever it changes.
        synchronize: { configurationSection: 'ptxlint' },
        initializationOptions: {
            ptxlint: serverSettings(Object.fromEntries(SERVER_SETTING_KEYS.map(k => [k, config.get(k)]))),
        },
        outputChannel: output,
        revealOutputChannelOn: RevealOutputChannelOn.Never,
    };
    // The id 'ptxlint' makes the client read the `ptxlint.trace.server` setting.
    client = new LanguageClient('ptxlint', 'ptxlint', serverOptions, clientOptions);
    try {
        await client.start();
    } catch (e) {
        const msg = `The ptxlint server did not start: ${e instanceof Error ? e.message : String(e)}`;
        output?.appendLine(msg);
        void vscode.window.showErrorMessage(msg, 'Show Output').then(c => c && output?.show(true));
    }
}

async function stop(): Promise<void> {
    const c = client;
    client = undefined;
    if (c) {
        try {
            await c.stop();
        } catch (e) {
            output?.appendLine(`Stopping the server: ${e instanceof Error ? e.message : String(e)}`);
        }
    }
}
