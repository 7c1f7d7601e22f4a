// Runs commands side by side with their output on this terminal; exits 1 if any of them fails.
import { spawn } from 'node:child_process';

/** The path of a command installed in the repository's node_modules/.bin. */
export const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

/** `commands`: [command, args] pairs, all started at once. */
export async function runAll(commands) {
  const codes = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise((resolve) => spawn(command, args, { stdio: 'inherit', shell: false }).on('exit', (code) => resolve(code ?? 1))),
    ),
  );
  process.exit(codes.some((code) => code !== 0) ? 1 : 0);
}
