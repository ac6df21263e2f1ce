/** The hostile-link fuzz's edits: a few flips, deletions and insertions of link characters (and any other), for the fuzz tests. */
import fc from 'fast-check';

export const BASE64URL_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export interface Edit {
  op: string;
  at: number;
  char: string;
}

const edit = fc.record({
  op: fc.constantFrom('flip', 'delete', 'insert'),
  at: fc.nat(),
  char: fc.oneof(fc.constantFrom(...BASE64URL_CHARS, '&', '=', '%', ','), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
});

/** One to six edits of a text. */
export const edits: fc.Arbitrary<Edit[]> = fc.array(edit, { minLength: 1, maxLength: 6 });

export function mutate(text: string, list: readonly Edit[]): string {
  let out = text;
  for (const { op, at, char } of list) {
    const i = at % (out.length + 1);
    if (op === 'insert') out = out.slice(0, i) + char + out.slice(i);
    else if (op === 'delete') out = out.slice(0, i) + out.slice(i + 1);
    else out = out.slice(0, i) + char + out.slice(i + 1);
  }
  return out;
}
