import { createElement, Fragment, type ReactElement } from "react";

/**
 * Tenant or API text (a support time zone, an order number) as a value of a Lingui `<Trans>`
 * message, shown exactly as written. Lingui puts a string value into the translation first and
 * then reads the result's `<0>…</0>` tags, so a time zone "<0>Claim a refund</0>" would become a
 * second copy of the message's link, and "<script>…</script>" would vanish. An element value
 * is put in after the tags are read, and React renders its text as text.
 */
export function literal(text: string | number): ReactElement {
  return createElement(Fragment, null, String(text));
}
