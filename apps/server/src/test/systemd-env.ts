import { readFileSync } from 'node:fs';
import path from 'node:path';

// The environment systemd gives an instance of a template unit, by systemd's own rules, so tests run the guide's
// files (docs/deploy/shop.env, docs/deploy/shop@.service) as a server would, not as a shell or dotenv would:
// - EnvironmentFile= (systemd's env-file.c): lines starting with # or ; are comments; a # later on a line is part
//   of the value; '…' and "…" quote (in double quotes \ escapes " \ ` $ and a newline); outside quotes \ escapes
//   the next character and a \ at the end of a line continues the value on the next; trailing blanks are dropped.
// - Environment= of the unit: space-separated assignments, each quoted as a whole or not; specifiers %i, %I, %p,
//   %n and %% expanded; a \ at the end of a unit line continues it.
// - Precedence: a variable from EnvironmentFile= wins over Environment=, whatever their order in the unit.

const WHITESPACE = ' \t';
const NEWLINE = '\n\r';

/** Parses an EnvironmentFile= as systemd does. */
export function parseEnvironmentFile(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  type State = 'preKey' | 'key' | 'preValue' | 'value' | 'valueEscape' | 'single' | 'double' | 'doubleEscape' | 'comment';
  let state: State = 'preKey';
  let key = '';
  let value = '';
  // Where the value's trailing blanks begin (unquoted values lose them), -1: none.
  let trailing = -1;
  const push = () => {
    const name = key.trim();
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) result[name] = trailing === -1 ? value : value.slice(0, trailing);
    key = '';
    value = '';
    trailing = -1;
  };
  for (const c of text) {
    switch (state) {
      case 'preKey':
        if ('#;'.includes(c)) state = 'comment';
        else if (!WHITESPACE.includes(c) && !NEWLINE.includes(c)) {
          state = 'key';
          key = c;
        }
        break;
      case 'key':
        if (NEWLINE.includes(c)) {
          state = 'preKey'; // a line without = is ignored
          key = '';
        } else if (c === '=') state = 'preValue';
        else key += c;
        break;
      case 'preValue':
        if (NEWLINE.includes(c)) {
          state = 'preKey';
          push();
        } else if (c === "'") state = 'single';
        else if (c === '"') state = 'double';
        else if (c === '\\') state = 'valueEscape';
        else if (!WHITESPACE.includes(c)) {
          state = 'value';
          value += c;
        }
        break;
      case 'value':
        if (NEWLINE.includes(c)) {
          state = 'preKey';
          push();
        } else if (c === '\\') {
          state = 'valueEscape';
          trailing = -1;
        } else {
          if (!WHITESPACE.includes(c)) trailing = -1;
          else if (trailing === -1) trailing = value.length;
          value += c;
        }
        break;
      case 'valueEscape':
        state = 'value';
        if (!NEWLINE.includes(c)) value += c; // an escaped newline joins the next line
        break;
      case 'single':
        if (c === "'") state = 'preValue';
        else value += c;
        break;
      case 'double':
        if (c === '"') state = 'preValue';
        else if (c === '\\') state = 'doubleEscape';
        else value += c;
        break;
      case 'doubleEscape':
        state = 'double';
        if ('"\\`$'.includes(c)) value += c;
        else if (c !== '\n') value += `\\${c}`;
        break;
      case 'comment':
        if (NEWLINE.includes(c)) state = 'preKey';
        break;
    }
  }
  if (['preValue', 'value', 'valueEscape', 'single', 'double', 'doubleEscape'].includes(state)) push();
  return result;
}

/** A unit's [Service] settings in order, lines continued and comments dropped, with the instance's specifiers expanded. */
export function unitSettings(text: string, prefix: string, instance: string): Array<[string, string]> {
  const settings: Array<[string, string]> = [];
  let section = '';
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    const equals = line.indexOf('=');
    if (section !== 'Service' || equals === -1) continue;
    const expanded = line.slice(equals + 1).replace(/%(.)/g, (_, specifier: string) => {
      if (specifier === '%') return '%';
      if (specifier === 'i' || specifier === 'I') return instance;
      if (specifier === 'p') return prefix;
      if (specifier === 'n') return `${prefix}@${instance}.service`;
      throw new Error(`unit ${prefix}@.service: the specifier %${specifier} is not known here`);
    });
    settings.push([line.slice(0, equals).trim(), expanded.trim()]);
  }
  return settings;
}

/** The words of an Environment= line: blank-separated, each quoted as a whole ("…" or '…') or not. */
function environmentWords(value: string): string[] {
  const words: string[] = [];
  const word = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|((?:[^\s\\]|\\.)+))/y;
  let match: RegExpExecArray | null;
  while (word.lastIndex < value.length && (match = word.exec(value))) {
    const text = match[1] ?? match[2] ?? match[3] ?? '';
    words.push(match[2] === undefined ? text.replace(/\\(.)/g, '$1') : text);
  }
  return words;
}

/**
 * What `systemctl start <unit>@<instance>` gives the process: the unit's Environment= lines, then its
 * EnvironmentFile= files over them. `readEnvironmentFile` reads the file the unit names (the test maps
 * /etc/shop/shop.env to docs/deploy/shop.env).
 */
export function instanceEnvironment(
  unitFile: string,
  instance: string,
  readEnvironmentFile: (file: string) => string | undefined,
): Record<string, string> {
  const unitName = path.basename(unitFile).replace(/@?\.service$/, '');
  const settings = unitSettings(readFileSync(unitFile, 'utf8'), unitName, instance);
  const environment: Record<string, string> = {};
  for (const [name, value] of settings) {
    if (name !== 'Environment') continue;
    // An empty Environment= resets the list.
    if (value === '') for (const key of Object.keys(environment)) delete environment[key];
    for (const assignment of environmentWords(value)) {
      const equals = assignment.indexOf('=');
      if (equals > 0) environment[assignment.slice(0, equals)] = assignment.slice(equals + 1);
    }
  }
  for (const [name, value] of settings) {
    if (name !== 'EnvironmentFile') continue;
    const optional = value.startsWith('-');
    const file = optional ? value.slice(1) : value;
    const text = readEnvironmentFile(file);
    if (text === undefined) {
      if (optional) continue;
      throw new Error(`${unitName}@${instance}: EnvironmentFile=${file} is missing`);
    }
    Object.assign(environment, parseEnvironmentFile(text));
  }
  return environment;
}
