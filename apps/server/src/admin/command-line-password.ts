import { ConfigError } from '../config.js';

// `npm run admin:create` takes the new password from ADMIN_PASSWORD or standard input (piped, or typed at a prompt
// that does not echo), never from its arguments: every local user sees a process's arguments in `ps` while it
// runs, and the shell keeps them in its history.

export const PASSWORD_ON_COMMAND_LINE =
  '--password is not accepted: a password in the arguments is shown to every user of the server by `ps` (and kept in the shell history); type it at the prompt, pipe it in (… | npm run admin:create -- …), or set ADMIN_PASSWORD';

/** A terminal's input as the prompt needs it: raw mode turns the echo off. */
export interface TerminalInput extends NodeJS.EventEmitter {
  isTTY?: boolean;
  setRawMode?(raw: boolean): unknown;
  resume(): unknown;
  pause(): unknown;
  setEncoding(encoding: BufferEncoding): unknown;
}

export interface PasswordSources {
  /** --password, when it was given: refused. */
  argument: string | undefined;
  env: NodeJS.ProcessEnv;
  input: TerminalInput & AsyncIterable<string | Buffer>;
  /** Where the prompt goes (standard error, so that standard output stays the command's answer). */
  output: { write(text: string): unknown };
}

/**
 * The password: ADMIN_PASSWORD when set, else typed twice at a prompt that does not echo (a terminal), else the
 * first line piped in. Checked for length by the caller (core's newPassword).
 */
export async function adminPassword(sources: PasswordSources): Promise<{ password: string; from: string }> {
  if (sources.argument !== undefined) throw new ConfigError(PASSWORD_ON_COMMAND_LINE);
  const fromEnv = sources.env.ADMIN_PASSWORD;
  if (fromEnv !== undefined) return { password: fromEnv, from: 'ADMIN_PASSWORD' };
  if (sources.input.isTTY && sources.input.setRawMode) {
    const password = await readHidden(sources.input, sources.output, 'New password: ');
    const again = await readHidden(sources.input, sources.output, 'The same password again: ');
    if (password !== again) throw new ConfigError('the two passwords typed differ; nothing was changed');
    return { password, from: 'the password typed' };
  }
  let piped = '';
  for await (const chunk of sources.input) piped += chunk.toString();
  // The first line: `echo` and here-strings end it with a newline, which is not part of the password.
  const [line = ''] = piped.split(/\r?\n/);
  if (line === '') {
    throw new ConfigError(
      'no password: type it at the prompt (run it in a terminal), pipe it in (… | npm run admin:create -- …), or set ADMIN_PASSWORD',
    );
  }
  return { password: line, from: 'the password piped in' };
}

/** One line typed at a terminal with its echo off: Enter ends it, Backspace takes a character back, Ctrl-C or Ctrl-D gives up. */
export function readHidden(input: TerminalInput, output: PasswordSources['output'], prompt: string): Promise<string> {
  output.write(prompt);
  input.setRawMode!(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.removeListener('data', onData);
      input.removeListener('end', onEnd);
      input.setRawMode!(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || char === '\u0004') return finish(new ConfigError('no password typed; nothing was changed'));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    // The terminal went away before Enter.
    const onEnd = () => finish(new ConfigError('no password typed; nothing was changed'));
    input.on('data', onData);
    input.on('end', onEnd);
  });
}
