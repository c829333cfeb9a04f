/** A path template that URL-encodes every interpolated value: path`/carts/${id}`. */
export function path(strings: TemplateStringsArray, ...values: readonly (string | number)[]) {
  return strings.reduce(
    (out, part, i) => out + part + (i < values.length ? encodeURIComponent(String(values[i])) : ""),
    "",
  );
}
