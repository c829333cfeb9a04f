/**
 * What a tenant SVG may name, by namespace and local name (the prefix a file uses is its own
 * business): the SVG elements and attributes a logo, favicon or hero is drawn with, and the
 * metadata that drawing programs write beside them, which browsers keep as inert elements.
 */

export const SVG_NS = "http://www.w3.org/2000/svg";
export const XLINK_NS = "http://www.w3.org/1999/xlink";
export const XML_NS = "http://www.w3.org/XML/1998/namespace";
export const XMLNS_NS = "http://www.w3.org/2000/xmlns/";
export const XHTML_NS = "http://www.w3.org/1999/xhtml";

/**
 * Editor metadata: Inkscape (inkscape, sodipodi), its RDF licence block (rdf, cc, dc), Affinity
 * (serif) and Sketch. A browser makes plain, unrendered elements of these and never reads their
 * attributes, so any attribute but an on… name is accepted on them.
 */
export const METADATA_NS: Record<string, string> = {
  "http://www.inkscape.org/namespaces/inkscape": "inkscape",
  "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd": "sodipodi",
  "http://www.w3.org/1999/02/22-rdf-syntax-ns#": "rdf",
  "http://creativecommons.org/ns#": "cc",
  "http://web.resource.org/cc/": "cc",
  "http://purl.org/dc/elements/1.1/": "dc",
  "http://purl.org/dc/terms/": "dcterms",
  "http://www.serif.com/": "serif",
  "http://www.bohemiancoding.com/sketch/ns": "sketch",
};

/** SVG elements that draw, group, define paint, clip, mask or filter. */
export const SVG_ELEMENTS = new Set([
  ...["svg", "g", "defs", "symbol", "use", "title", "desc", "metadata", "style"],
  ...["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"],
  ...["text", "tspan", "textPath"],
  ...["linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask", "marker"],
  ...["filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite"],
  ...["feConvolveMatrix", "feDiffuseLighting", "feDisplacementMap", "feDistantLight"],
  ...["feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur"],
  ...["feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight"],
  ...["feSpecularLighting", "feSpotLight", "feTile", "feTurbulence"],
]);

/** Why an SVG element a browser knows is not on the list: what it would do, what to do instead. */
export const SVG_ELEMENT_REASONS: Record<string, string> = {
  script: "it runs code when the file is opened",
  handler: "it runs code when the file is opened",
  listener: "it runs code on an event",
  foreignObject: "it embeds HTML, which can run code and load anything",
  a: "a link can lead to javascript: or another site; a logo needs none",
  image: "it loads or embeds a picture; draw it as shapes, or use a PNG or WebP file instead",
  feImage: "it loads or embeds a picture; draw it as shapes, or use a PNG or WebP file instead",
  animate: "an animation can rewrite links and attributes; a logo is still",
  set: "an animation can rewrite links and attributes; a logo is still",
  animateMotion: "an animation can rewrite links and attributes; a logo is still",
  animateTransform: "an animation can rewrite links and attributes; a logo is still",
  discard: "an animation element; a logo is still",
  mpath: "an animation element; a logo is still",
  iframe: "it embeds another document",
  video: "it plays media from an address",
  audio: "it plays media from an address",
  cursor: "it loads a cursor image",
  "color-profile": "it loads a colour profile",
  "font-face-uri": "it loads a font",
  tref: "it copies text from another document",
};

/** Attributes (no namespace) of the drawing elements. */
const CORE = [
  ...["id", "class", "style", "lang", "role", "tabindex", "focusable", "transform"],
  ...["viewBox", "preserveAspectRatio", "version", "baseProfile", "width", "height"],
  ...["x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx", "fy", "fr"],
  ...["d", "points", "pathLength", "offset", "href", "media", "type", "title"],
  ...["gradientUnits", "gradientTransform", "spreadMethod", "patternUnits"],
  ...["patternContentUnits", "patternTransform", "clipPathUnits", "maskUnits"],
  ...["maskContentUnits", "filterUnits", "primitiveUnits", "markerUnits", "markerWidth"],
  ...["markerHeight", "refX", "refY", "orient", "dx", "dy", "rotate", "textLength"],
  ...["lengthAdjust", "startOffset", "method", "spacing", "side", "path"],
  ...["in", "in2", "result", "stdDeviation", "mode", "operator", "k1", "k2", "k3", "k4"],
  ...["values", "tableValues", "slope", "intercept", "amplitude", "exponent", "order"],
  ...["kernelMatrix", "divisor", "bias", "targetX", "targetY", "edgeMode", "preserveAlpha"],
  ...["scale", "xChannelSelector", "yChannelSelector", "radius", "baseFrequency"],
  ...["numOctaves", "seed", "stitchTiles", "surfaceScale", "diffuseConstant"],
  ...["specularConstant", "specularExponent", "kernelUnitLength", "azimuth", "elevation"],
  ...["z", "pointsAtX", "pointsAtY", "pointsAtZ", "limitingConeAngle", "enable-background"],
];

/** Presentation attributes: CSS properties written as attributes, so read as CSS values. */
export const PRESENTATION = new Set([
  ...["fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap"],
  ...["stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset"],
  ...["stroke-opacity", "opacity", "color", "display", "visibility", "overflow", "clip"],
  ...["clip-path", "clip-rule", "mask", "filter", "flood-color", "flood-opacity"],
  ...["lighting-color", "stop-color", "stop-opacity", "font", "font-family", "font-size"],
  ...["font-size-adjust", "font-stretch", "font-style", "font-variant", "font-weight"],
  ...["text-anchor", "text-decoration", "text-rendering", "dominant-baseline"],
  ...["alignment-baseline", "baseline-shift", "letter-spacing", "word-spacing"],
  ...["writing-mode", "direction", "unicode-bidi", "color-interpolation"],
  ...["color-interpolation-filters", "color-rendering", "shape-rendering", "image-rendering"],
  ...["vector-effect", "paint-order", "marker", "marker-start", "marker-mid", "marker-end"],
  ...["mix-blend-mode", "isolation", "transform-origin", "white-space", "pointer-events"],
  ...["solid-color", "solid-opacity", "cursor"],
]);

export const SVG_ATTRIBUTES = new Set([...CORE, ...PRESENTATION]);

/** aria-label, aria-hidden…; data-name (Illustrator's layer names) and other data- attributes. */
export const SAFE_ATTRIBUTE_PATTERN = /^(aria-[a-z]+|data-[a-z0-9_.-]*)$/;
