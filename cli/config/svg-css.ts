/**
 * CSS inside a tenant SVG (`style="…"`, presentation attributes such as `fill="url(#g)"`, and
 * `<style>` elements) read as a browser reads it: by the CSS Syntax tokenizer of
 * @csstools/css-tokenizer, which decodes escapes (`\75 rl(` is `url(`) and keeps quoted
 * strings whole (`url('x)y#a')` is one address), so nothing can hide from the checks below.
 *
 * Refused: any address that is not `#id` (url(), src()), every function not on the list
 * (image-set(), image(), cross-fade(), element(), expression()…: the ways CSS fetches or runs
 * something), every at-rule but @media, @supports and @keyframes (@import, @font-face…), and
 * CSS the tokenizer cannot read (an unclosed url( or string).
 */
import {
  type CSSToken,
  isTokenAtKeyword,
  isTokenBadString,
  isTokenBadURL,
  isTokenComment,
  isTokenFunction,
  isTokenString,
  isTokenURL,
  isTokenWhitespace,
  tokenize,
} from "@csstools/css-tokenizer";

/** A reference inside the file: `#` and an id, nothing that could be a path or a scheme. */
export const IN_FILE_REFERENCE = /^#[^\s#()'"\\/:]+$/;

/** Functions a logo's CSS may call: colours, maths, transforms, filters and timing. */
const FUNCTIONS = new Set([
  ...["rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color", "color-mix"],
  ...["calc", "min", "max", "clamp", "abs", "sign", "round", "mod", "rem", "var"],
  ...["translate", "translatex", "translatey", "translatez", "translate3d"],
  ...["rotate", "rotatex", "rotatey", "rotatez", "rotate3d", "perspective"],
  ...["scale", "scalex", "scaley", "scalez", "scale3d", "skew", "skewx", "skewy"],
  ...["matrix", "matrix3d", "linear-gradient", "radial-gradient", "conic-gradient"],
  ...["blur", "brightness", "contrast", "drop-shadow", "grayscale", "hue-rotate", "invert"],
  ...["opacity", "saturate", "sepia", "cubic-bezier", "steps", "linear"],
]);
/** At-rules a logo's stylesheet may hold: none of them fetches anything. */
const AT_RULES = new Set(["media", "supports", "keyframes", "-webkit-keyframes"]);

/** What a function that fetches is, for the message. */
const FETCHES: Record<string, string> = {
  "image-set": "loads images",
  "-webkit-image-set": "loads images",
  image: "loads an image",
  "cross-fade": "loads images",
  "-webkit-cross-fade": "loads images",
  element: "paints another element",
  src: "loads an address",
  expression: "runs script in old browsers",
};

export type CssFinding = { offset: number; message: string };

const shown = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

const notInFile = (target: string) =>
  `loads ${shown(target)}; only references inside the file, url(#id), are allowed`;

/** Why this CSS is refused (with the offset in `css` where it was found), or null. */
export function cssProblem(css: string): CssFinding | null {
  let tokens: CSSToken[];
  try {
    tokens = tokenize({ css });
  } catch {
    return { offset: 0, message: "the CSS could not be read" };
  }
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as CSSToken;
    const offset = token[2];
    if (isTokenBadURL(token) || isTokenBadString(token)) {
      return { offset, message: `unreadable CSS ${shown(token[1])} (an unclosed url( or string)` };
    }
    if (isTokenURL(token)) {
      // Stryker disable next-line MethodExpression: the tokenizer leaves the blanks out of an unquoted url(
      const target = token[4].value.trim();
      if (!IN_FILE_REFERENCE.test(target)) return { offset, message: notInFile(target) };
      continue;
    }
    if (isTokenAtKeyword(token)) {
      const name = token[4].value.toLowerCase();
      if (AT_RULES.has(name)) continue;
      const why =
        name === "import"
          ? " (it loads another stylesheet)"
          : name === "font-face"
            ? " (it loads a font; use a font the page has, or convert the text to paths)"
            : "";
      return { offset, message: `the CSS rule @${name} is not allowed${why}` };
    }
    if (isTokenFunction(token)) {
      const name = token[4].value.toLowerCase();
      if (name === "url" || name === "src") {
        // url("…") with a quoted address: the address is the next token but blanks and comments.
        let j = i + 1;
        // Stryker disable next-line EqualityOperator: the last token is always EOF, neither blank nor comment
        while (j < tokens.length && (isTokenWhitespace(tokens[j]!) || isTokenComment(tokens[j]!)))
          j++;
        const next = tokens[j];
        // Stryker disable next-line StringLiteral: an address that is no string is shown as the url( itself
        const target = next && isTokenString(next) ? next[4].value.trim() : "";
        if (name === "url" && IN_FILE_REFERENCE.test(target)) continue;
        return { offset, message: notInFile(next && isTokenString(next) ? target : token[1]) };
      }
      if (FUNCTIONS.has(name)) continue;
      const why = FETCHES[name] ? ` (it ${FETCHES[name]})` : "";
      return { offset, message: `the CSS function ${name}() is not allowed${why}` };
    }
  }
  return null;
}
