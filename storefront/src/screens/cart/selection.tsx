import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { useBuy } from "../../app/use-buy.ts";

interface Selection {
  selected: ReadonlySet<string>;
  toggle(id: string, on: boolean): void;
  clear(): void;
}

const SelectionContext = createContext<Selection | null>(null);

/** The items ticked for "Remove selected" (view state, so it lives in React, not a store). */
export function SelectionProvider({ children }: { children: ReactNode }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const value = useMemo<Selection>(
    () => ({
      selected,
      toggle: (id, on) =>
        setSelected((prev) => {
          const next = new Set(prev);
          if (on) next.add(id);
          else next.delete(id);
          return next;
        }),
      clear: () => setSelected(new Set()),
    }),
    [selected],
  );
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

export function useSelection(): Selection {
  const s = useContext(SelectionContext);
  if (!s) throw new Error("useSelection() needs <SelectionProvider>");
  return s;
}

/** Moves focus to the screen heading (after the last item is gone). */
export function focusHeading(): void {
  requestAnimationFrame(() => document.getElementById("screen-title")?.focus());
}

/** "Remove selected" and "Clear all". */
export const SelectionToolbar = observer(function SelectionToolbar() {
  const { t } = useLingui();
  const { cart } = useBuy();
  const { selected, clear } = useSelection();
  const ids = cart.items.map((i) => i.shoppingCartItemId).filter((id) => selected.has(id));
  const n = ids.length;
  return (
    <div className="cart-toolbar">
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={n === 0}
        onClick={() => {
          if (n === 0) return;
          clear();
          void cart.remove(ids);
          focusHeading();
        }}
      >
        {t`Remove selected (${n})`}
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          clear();
          void cart.clear();
          focusHeading();
        }}
      >
        {t`Clear all`}
      </button>
    </div>
  );
});
