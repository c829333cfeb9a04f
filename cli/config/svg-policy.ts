/**
 * What a tenant's SVG asset may hold. A logo is shipped byte for byte and opened on the
 * shop's origin (directly, or by a host without the generated CSP), so an SVG that could run
 * script or fetch anything is REFUSED, not sanitised: a sanitiser has to model every SVG/XML
 * parsing quirk to be right, a refusal only has to be strict, and the designer can always export
 * a clean file.
 *
 * The file is read by structure, as a browser reads it: saxes (the namespace-aware, strict
 * XML 1.0 parser jsdom uses) parses it, so a prefix (`<s:script>`), an entity, a comment or a
 * CDATA section cannot disguise a name; its CSS is tokenized as CSS (./svg-css.ts). Accepted is
 * an allow-list (./svg-allow.ts): SVG drawing elements by namespace and local name, their
 * attributes by name, editor metadata; `href` and every CSS `url()` only to `#id`; no DOCTYPE,
 * no entity but the five of XML, no processing instruction but the XML declaration, CDATA only
 * as the text of a `<style>`. Every finding names its line and column in the file.
 */
import { type SaxesAttributeNS, SaxesParser, type SaxesTagNS } from "saxes";
import {
  METADATA_NS,
  PRESENTATION,
  SAFE_ATTRIBUTE_PATTERN,
  SVG_ATTRIBUTES,
  SVG_ELEMENT_REASONS,
  SVG_ELEMENTS,
  SVG_NS,
  XHTML_NS,
  XLINK_NS,
  XML_NS,
  XMLNS_NS,
} from "./svg-allow.ts";
import { cssProblem, IN_FILE_REFERENCE } from "./svg-css.ts";

/** Where in the file (1-based line and column) and what was found. */
export type SvgFinding = { line: number; col: number; message: string };

/**
 * Bounds, by count, so a hostile file costs little: the asset limits already hold an SVG to
 * 256 KiB; these keep a parse of it linear and shallow whatever it holds.
 */
export const SVG_LIMITS = { bytes: 1024 * 1024, elements: 20_000, depth: 64, attributes: 200 };

const ALLOWED_SUMMARY =
  "a tenant SVG may hold shapes, text, gradients, patterns, clip paths, masks, filters and <style>";

/** Thrown inside the parser's handlers to stop at the first finding. */
class Refusal {
  constructor(readonly finding: SvgFinding) {}
}

/** `<s:script>` as the file wrote it. */
const tagShown = (name: string) => `<${name}>`;

/** The text as UTF-8, or where and why it is not. */
function decode(bytes: Uint8Array): string | SvgFinding {
  const at1 = (message: string): SvgFinding => ({ line: 1, col: 1, message });
  if (bytes.length > SVG_LIMITS.bytes) {
    return at1(`the SVG is larger than ${SVG_LIMITS.bytes} bytes; make the file smaller`);
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return at1("the SVG is UTF-16 text; save it as UTF-8");
  }
  if (bytes.includes(0)) {
    return at1("the SVG holds NUL bytes (UTF-16 or binary data); save it as UTF-8 text");
  }
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return text;
  } catch {
    const lossy = new TextDecoder("utf-8").decode(bytes);
    const before = lossy.slice(0, Math.max(0, lossy.indexOf("\ufffd")));
    const line = before.split("\n").length;
    const col = before.length - before.lastIndexOf("\n");
    return { line, col, message: "the SVG is not valid UTF-8 text; save it as UTF-8" };
  }
}

/** The message for an element that is not on the list, by its namespace. */
function elementMessage(tag: SaxesTagNS): string | null {
  const uri = tag.uri ?? "";
  const shown = tagShown(tag.name);
  if (uri === SVG_NS) {
    if (SVG_ELEMENTS.has(tag.local)) return null;
    const why = SVG_ELEMENT_REASONS[tag.local];
    return why
      ? `${shown} is not allowed: ${why}`
      : `${shown} is not an element ${ALLOWED_SUMMARY.replace("a tenant SVG may hold", "a tenant SVG may use")}; remove it (element names are case-sensitive)`;
  }
  if (METADATA_NS[uri]) return null;
  if (uri === XHTML_NS) return `${shown} is an HTML element, which can run code; remove it`;
  if (uri === "") {
    return `${shown} has no namespace; add xmlns="${SVG_NS}" to the <svg> element`;
  }
  return `${shown} is in the namespace ${JSON.stringify(uri)}, which is not SVG nor editor metadata (Inkscape, Sodipodi, RDF, Creative Commons, Dublin Core); remove it`;
}

/** The message for an attribute, by its namespace, name and value; null when it may stay. */
function attributeMessage(element: SaxesTagNS, attr: SaxesAttributeNS): { message: string } | null {
  const { uri, local, name, value } = attr;
  const shown = `${tagShown(element.name)} attribute ${name}`;
  if (uri === XMLNS_NS) return null;
  if (/^on/i.test(local)) {
    return { message: `${shown} is an event handler, which runs code; remove it` };
  }
  const inMetadata = !!METADATA_NS[element.uri ?? ""];
  if (uri === "" && inMetadata && element.uri !== SVG_NS) return null;
  if (uri === XML_NS) {
    if (local === "space" || local === "lang") return null;
    return { message: `${shown} is not allowed (xml:base changes where links lead); remove it` };
  }
  if (METADATA_NS[uri]) return null;
  const isHref = (uri === "" || uri === XLINK_NS) && local === "href";
  if (isHref) {
    if (IN_FILE_REFERENCE.test(value.trim())) return null;
    return {
      message: `${shown} leads to ${JSON.stringify(value.trim().slice(0, 60))}; only references inside the file (href="#id") are allowed`,
    };
  }
  if (uri === XLINK_NS && local === "title") return null;
  if (uri !== "") {
    return {
      message: `${shown} is in the namespace ${JSON.stringify(uri)}, which is not allowed; remove it`,
    };
  }
  if (!SVG_ATTRIBUTES.has(local) && !SAFE_ATTRIBUTE_PATTERN.test(local)) {
    return {
      message: `${shown} is not an attribute a tenant SVG may use; remove it (attribute names are case-sensitive)`,
    };
  }
  if (local === "style" || PRESENTATION.has(local)) {
    const found = cssProblem(value);
    if (found) return { message: `${shown}: ${found.message}` };
  }
  return null;
}

/**
 * Why the SVG is refused, with the line and column where it was found, or null when it may be
 * shipped. Reads at most SVG_LIMITS, and stops at the first finding.
 */
export function svgProblem(bytes: Uint8Array): SvgFinding | null {
  const text = decode(bytes);
  if (typeof text !== "string") return text;
  const parser = new SaxesParser({ xmlns: true, position: true });
  const refuse = (message: string): never => {
    throw new Refusal({ line: parser.line, col: Math.max(1, parser.column), message });
  };

  let elements = 0;
  /** Open elements, innermost last; for a <style>, the CSS text gathered so far. */
  const open: { tag: SaxesTagNS; css?: string; line: number; col: number }[] = [];
  let sawRoot = false;

  parser.on("error", (e) => refuse(`the SVG is not well-formed XML: ${plainError(e.message)}`));
  parser.on("xmldecl", (decl) => {
    const encoding = decl.encoding;
    if (encoding !== undefined && !/^utf-?8$/i.test(encoding)) {
      refuse(
        `the SVG declares encoding="${encoding}"; save it as UTF-8 and declare encoding="UTF-8" or none`,
      );
    }
  });
  parser.on("doctype", () =>
    refuse(
      "the SVG has a <!DOCTYPE …> declaration, which can define entities and load a DTD; delete it (an SVG needs none)",
    ),
  );
  parser.on("processinginstruction", (pi) =>
    refuse(
      pi.target.toLowerCase() === "xml-stylesheet"
        ? "the SVG has an <?xml-stylesheet?> instruction, which loads a stylesheet; remove it"
        : `the SVG has a processing instruction <?${pi.target} …?>; remove it`,
    ),
  );
  /** Where the start tag being read began, and where each of its attributes did. */
  let tagAt = { line: 1, col: 1 };
  let attributeAt = new Map<string, { line: number; col: number }>();
  const at = (where: { line: number; col: number }, message: string): never => {
    throw new Refusal({ ...where, message });
  };
  parser.on("opentagstart", (tag) => {
    tagAt = { line: parser.line, col: Math.max(1, parser.column - tag.name.length - 1) };
    attributeAt = new Map();
    elements++;
    if (elements > SVG_LIMITS.elements) {
      at(tagAt, `the SVG has more than ${SVG_LIMITS.elements} elements; simplify the drawing`);
    }
    if (open.length >= SVG_LIMITS.depth) {
      at(tagAt, `the SVG nests elements more than ${SVG_LIMITS.depth} deep; flatten the groups`);
    }
  });
  parser.on("attribute", (attr) => {
    // The parser stands after the closing quote: step back over name="value" (as decoded).
    const col = parser.column - attr.name.length - attr.value.length - 2;
    attributeAt.set(attr.name, { line: parser.line, col: Math.max(1, col) });
  });
  parser.on("opentag", (tag) => {
    const parent = open.at(-1);
    if (!sawRoot) {
      sawRoot = true;
      if (tag.uri !== SVG_NS || tag.local !== "svg") {
        at(
          tagAt,
          tag.local === "svg"
            ? `the <svg> element has no SVG namespace; add xmlns="${SVG_NS}" to it`
            : `the root element is ${tagShown(tag.name)}; an SVG image starts with <svg xmlns="${SVG_NS}">`,
        );
      }
    }
    if (parent?.css !== undefined) {
      at(tagAt, `${tagShown(tag.name)} inside <style>: a <style> holds only CSS text`);
    }
    const elementFound = elementMessage(tag);
    if (elementFound) at(tagAt, elementFound);
    const attributes = Object.values(tag.attributes);
    if (attributes.length > SVG_LIMITS.attributes) {
      at(tagAt, `${tagShown(tag.name)} has more than ${SVG_LIMITS.attributes} attributes`);
    }
    for (const attr of attributes) {
      const found = attributeMessage(tag, attr);
      if (found) at(attributeAt.get(attr.name) ?? tagAt, found.message);
    }
    const isStyle = tag.uri === SVG_NS && tag.local === "style";
    open.push({ tag, css: isStyle ? "" : undefined, line: parser.line, col: parser.column });
  });
  parser.on("closetag", () => {
    const closed = open.pop();
    if (closed?.css === undefined) return;
    if (closed.css.includes("<")) {
      throw new Refusal({
        line: closed.line,
        col: closed.col,
        message: "the <style> holds markup (a < character); a <style> holds only CSS",
      });
    }
    const found = cssProblem(closed.css);
    if (found) {
      const before = closed.css.slice(0, found.offset);
      const lines = before.split("\n");
      const line = closed.line + lines.length - 1;
      // On the <style>'s own line: its CSS starts in the column after the tag's `>` (closed.col).
      const col =
        lines.length > 1
          ? before.length - before.lastIndexOf("\n")
          : closed.col + 1 + before.length;
      throw new Refusal({ line, col, message: `the <style>: ${found.message}` });
    }
  });
  parser.on("text", (chunk) => {
    const current = open.at(-1);
    if (current?.css !== undefined) current.css += chunk;
  });
  parser.on("cdata", (chunk) => {
    const current = open.at(-1);
    if (current?.css === undefined) {
      refuse("the SVG has a CDATA section outside <style>; write the text without <![CDATA[ … ]]>");
    }
    (current as { css: string }).css += chunk;
  });

  try {
    parser.write(text.startsWith("\ufeff") ? text.slice(1) : text).close();
  } catch (e) {
    if (e instanceof Refusal) return e.finding;
    throw e;
  }
  return null;
}

/** saxes prefixes its messages with "line:column: "; the finding carries those apart. */
function plainError(message: string): string {
  const plain = message.replace(/^\d+:\d+: /, "").replace(/\.$/, "");
  return plain === "undefined entity"
    ? `${plain}; write the character itself (the file is UTF-8) or as a number, e.g. &#160;`
    : plain;
}

/** `3:7: <s:script> is not allowed: …`, for messages that carry the position in the text. */
export function formatSvgFinding(finding: SvgFinding): string {
  return `${finding.line}:${finding.col}: ${finding.message}`;
}
