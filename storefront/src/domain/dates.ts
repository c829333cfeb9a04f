import type { Language } from "../settings-types.ts";

const LOCALES: Record<Language, string> = { ru: "ru-RU", en: "en-US", es: "es-ES" };

/** An event day (YYYY-MM-DD) in the visitor's language, e.g. "12 мая 2026 г." / "May 12, 2026". */
export function formatEventDate(day: string, language: Language): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "long", timeZone: "UTC" }).format(
    date,
  );
}
