import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { copyText } from "../../ui/clipboard.ts";

/** The promo codes a paid gift bought, each with a copy button whose result is announced. */
export function GiftCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<{ code: string; ok: boolean } | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 4000);
    return () => clearTimeout(timer);
  }, [copied]);

  if (codes.length === 0) return null;
  return (
    <div className="gift-codes">
      <p className="gift-codes__hint">
        {t`Give this code as a gift: it pays once for an all-photos package of this event.`}
      </p>
      <ul className="gift-codes__list">
        {codes.map((code) => (
          <li key={code} className="gift-code">
            <code className="gift-code__text" translate="no">
              {code}
            </code>
            <button
              type="button"
              className="button button--small button--secondary"
              aria-label={t`Copy the code ${code}`}
              onClick={() => void copyText(code).then((ok) => setCopied({ code, ok }))}
            >
              {t`Copy`}
            </button>
          </li>
        ))}
      </ul>
      <p className="gift-codes__status" role="status" aria-live="polite">
        {copied?.ok ? t`Copied` : copied ? t`Could not copy. Select the code and copy it.` : ""}
      </p>
    </div>
  );
}
