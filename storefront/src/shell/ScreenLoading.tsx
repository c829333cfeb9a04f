import { useLingui } from "@lingui/react/macro";

export function ScreenLoading() {
  const { t } = useLingui();
  return (
    <div className="screen-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t`Loading…`}</span>
    </div>
  );
}
