/**
 * Validation of the request forms of spec §5: photographer (name and surname, e-mail, city,
 * portfolio link and equipment required; comment optional) and business (phone required).
 * Rules return the names of the invalid fields; the screens turn them into the spec's words.
 */

export type PhotographerField = "name" | "email" | "city" | "portfolio" | "equipment" | "comment";
export type BusinessField = "phone" | "comment";

export type PhotographerDraft = Record<PhotographerField, string>;
export type BusinessDraft = Record<BusinessField, string>;

/** Why a field is invalid: left empty, or filled but not a valid value. */
export type FieldProblem = "required" | "invalid";
export type FieldProblems<F extends string> = Partial<Record<F, FieldProblem>>;

const filled = (value: string) => value.trim().length > 0;

/** One address, local@domain.tld, no spaces, at most 254 characters (RFC 5321's limit). */
export function isEmail(value: string): boolean {
  const v = value.trim();
  if (v.length > 254) return false;
  return /^[^\s@"(),:;<>[\]\\]+@[^\s@"(),:;<>[\]\\.]+(\.[^\s@"(),:;<>[\]\\.]+)*\.[a-z]{2,}$/i.test(
    v,
  );
}

/** A phone number: digits with optional +, spaces, dashes and brackets, 7 to 15 digits. */
export function isPhone(value: string): boolean {
  const v = value.trim();
  if (!/^\+?[\d\s\-()]+$/.test(v)) return false;
  const digits = v.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}

export function validatePhotographer(d: PhotographerDraft): FieldProblems<PhotographerField> {
  const problems: FieldProblems<PhotographerField> = {};
  for (const field of ["name", "email", "city", "portfolio", "equipment"] as const) {
    if (!filled(d[field])) problems[field] = "required";
  }
  if (!problems.email && !isEmail(d.email)) problems.email = "invalid";
  return problems;
}

export function validateBusiness(d: BusinessDraft): FieldProblems<BusinessField> {
  if (!filled(d.phone)) return { phone: "required" };
  if (!isPhone(d.phone)) return { phone: "invalid" };
  return {};
}

export const emptyPhotographer = (): PhotographerDraft => ({
  name: "",
  email: "",
  city: "",
  portfolio: "",
  equipment: "",
  comment: "",
});

export const emptyBusiness = (): BusinessDraft => ({ phone: "", comment: "" });
