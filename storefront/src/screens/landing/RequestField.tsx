import { observer } from "mobx-react-lite";
import { useId } from "react";

/** A labelled input with its error message tied to it (aria-invalid, aria-describedby). */
export const RequestField = observer(function RequestField({
  label,
  value,
  error,
  onChange,
  type = "text",
  autoComplete,
  multiline = false,
  required = false,
}: {
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  type?: "text" | "email" | "tel" | "url";
  autoComplete?: string;
  multiline?: boolean;
  required?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    value,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  } as const;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
});
