import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect, useId, useRef, useState } from "react";
import { useStores } from "../app/stores-context.tsx";
import { DROPDOWN_TOGGLE_DELAY_MS } from "../domain/constants.ts";
import { LANGUAGE_NAMES } from "./labels.ts";

/** Language menu: shown only when allowed and more than one language is available (spec §2). */
export const LanguageMenu = observer(function LanguageMenu() {
  const { t } = useLingui();
  const { language, errors } = useStores();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (open) list.current?.querySelector<HTMLButtonElement>("[aria-checked=true]")?.focus();
  }, [open]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  if (!language.pickerVisible) return null;

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (lang: (typeof language.available)[number]) => {
    close(true);
    language.setLanguage(lang).catch((e: unknown) => errors.report(e));
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const items = [...(list.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
    const i = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === "Escape") close(true);
    else if (e.key === "ArrowDown") items[(i + 1) % items.length]?.focus();
    else if (e.key === "ArrowUp") items[(i - 1 + items.length) % items.length]?.focus();
    else return;
    e.preventDefault();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard and pointer handling of the menu button pattern, delegated from its items
    <div
      className="dropdown"
      onKeyDown={onKeyDown}
      onMouseLeave={() => {
        closeTimer.current = setTimeout(() => setOpen(false), DROPDOWN_TOGGLE_DELAY_MS);
      }}
      onMouseEnter={() => clearTimeout(closeTimer.current)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="bar-button language-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t`Language: ${LANGUAGE_NAMES[language.language]}`}
        onClick={() => setOpen((o) => !o)}
      >
        {language.language.toUpperCase()}
      </button>
      {open && (
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA menu pattern
        <ul id={listId} ref={list} role="menu" className="dropdown-menu" aria-label={t`Language`}>
          {language.available.map((lang) => (
            <li key={lang} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={lang === language.language}
                lang={lang}
                onClick={() => choose(lang)}
              >
                {LANGUAGE_NAMES[lang]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
