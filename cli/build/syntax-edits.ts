import type { Plugin } from "vite";

export interface Edit {
  /** Where the edit starts and ends; an insertion has start === end. */
  start: number;
  end: number;
  text: string;
}

/** `code` with `edits` (in any order, never overlapping) applied. */
export function applyEdits(code: string, edits: readonly Edit[]): string {
  let out = "";
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    out += code.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + code.slice(at);
}

type TransformHook = Extract<NonNullable<Plugin["transform"]>, { handler: unknown }>;

/**
 * A build pass that reads each module `filter` picks as a syntax tree (Rolldown's parser, never
 * a pattern over the text) and applies the edits `editsOf` finds; a module it has nothing to say
 * about is left as it is. `mayEdit` skips, by a cheap look at the text, modules it cannot edit.
 */
export function syntaxEdits<P>(
  filter: NonNullable<TransformHook["filter"]>,
  editsOf: (program: P) => Edit[],
  mayEdit: (code: string) => boolean = () => true,
): TransformHook {
  return {
    filter,
    handler(code) {
      if (!mayEdit(code)) return null;
      const edits = editsOf(this.parse(code) as unknown as P);
      return edits.length === 0 ? null : { code: applyEdits(code, edits), map: null };
    },
  };
}
