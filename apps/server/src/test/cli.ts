import { spawn } from 'node:child_process';
import path from 'node:path';

const CLI_DIR = path.resolve(import.meta.dirname, '../cli');

/**
 * Runs a command-line script from the sources (as `npm run …` runs its build), with `env` laid over this process's
 * (a variable set to undefined is left out) and `input` piped into its standard input (none: an empty one).
 */
export function runCli(
  script: 'db-backup' | 'db-restore' | 'admin-create' | 'sessions-end',
  args: string[],
  env: NodeJS.ProcessEnv,
  input = '',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', path.join(CLI_DIR, `${script}.ts`), ...args], {
      env: Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined)),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(input);
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
