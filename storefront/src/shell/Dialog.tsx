import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { wrapFocus } from "../ui/focus-wrap.ts";
import { DialogSnackbar } from "./DialogSnackbar.tsx";

/**
 * A modal <dialog>: showModal() makes the page inert, Tab wraps around inside, Esc closes it,
 * and focus returns to the element that opened it.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // "close" fires for Esc, the close button and form[method=dialog] alike.
    const closed = () => {
      onClose();
      opener.current?.focus();
      opener.current = null;
    };
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, [onClose]);

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onKeyDown={wrapFocus}>
      <div className="dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className="dialog__close"
          aria-label={t`Close`}
          onClick={() => ref.current?.close()}
        >
          ×
        </button>
      </div>
      {open && children}
      {open && <DialogSnackbar />}
    </dialog>
  );
}
