// How `npm run admin -- reset-password --password-stdin` reads the new password.
import { OperatorRefusal } from '../server/identity/operator-password';

/** One line typed in the terminal, not echoed (raw mode); Ctrl+C cancels. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0003' || ch === '\u0004') {
          finish();
          if (ch === '\u0003' || ch === '\u0004') reject(new OperatorRefusal('Cancelled.'));
          else resolve(value);
          return;
        }
        value = ch === '\u007f' || ch === '\b' ? value.slice(0, -1) : value + ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of what is piped in (a password file, a secret manager's output). */
async function firstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

/** The new password: typed twice at a prompt in a terminal, or piped in. Empty is refused. */
export async function readPassword(): Promise<string> {
  let password: string;
  if (process.stdin.isTTY) {
    password = await promptHidden('New password: ');
    if ((await promptHidden('The same again: ')) !== password) throw new OperatorRefusal('The two passwords differ; nothing was changed.');
  } else {
    password = await firstLine();
  }
  if (!password) throw new OperatorRefusal('No password was given; nothing was changed.');
  return password;
}
