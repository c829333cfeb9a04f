import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { observer } from "mobx-react-lite";
import { type FormEvent, type ReactNode, useCallback, useState } from "react";
import { useBuy } from "../../app/use-buy.ts";
import type { FieldProblem } from "../../domain/requests.ts";
import { Dialog } from "../../shell/Dialog.tsx";
import type { RequestFormStore } from "../../stores/RequestFormStore.ts";
import { RequestField } from "./RequestField.tsx";

type Messages<F extends string> = Partial<
  Record<F, Partial<Record<FieldProblem, MessageDescriptor>>>
>;

/** The spec's validation messages (§5) and the texts of the invalid-but-filled cases. */
const PHOTOGRAPHER_MESSAGES: Messages<"name" | "email" | "city" | "portfolio" | "equipment"> = {
  name: { required: msg`Enter your first and last name` },
  email: {
    required: msg`Enter your e-mail`,
    invalid: msg`Enter a valid e-mail, e.g. name@example.com`,
  },
  city: { required: msg`Enter the name of the city` },
  portfolio: { required: msg`Enter a link to your portfolio` },
  equipment: { required: msg`Describe your equipment` },
};
const BUSINESS_MESSAGES: Messages<"phone"> = {
  phone: { required: msg`Enter your phone number`, invalid: msg`Enter a valid phone number` },
};

/** A button that opens a request dialog; the form inside is bound to its store. */
const RequestDialogButton = observer(function RequestDialogButton<F extends string>({
  form,
  label,
  title,
  failure,
  children,
}: {
  form: RequestFormStore<F>;
  label: string;
  title: string;
  failure: MessageDescriptor;
  children: (error: (field: F, messages: Messages<string>) => string | null) => ReactNode;
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const show = () => {
    if (form.state === "sent") form.reset();
    setOpen(true);
  };
  const error = (field: F, messages: Messages<string>) => {
    const problem = form.problems[field];
    const text = problem ? messages[field]?.[problem] : undefined;
    return text ? i18n._(text) : null;
  };
  return (
    <>
      <button type="button" className="button" onClick={show}>
        {label}
      </button>
      <Dialog open={open} title={title} onClose={close}>
        <RequestFormBody form={form} failure={failure} onDone={close}>
          {children(error)}
        </RequestFormBody>
      </Dialog>
    </>
  );
}) as <F extends string>(props: {
  form: RequestFormStore<F>;
  label: string;
  title: string;
  failure: MessageDescriptor;
  children: (error: (field: F, messages: Messages<string>) => string | null) => ReactNode;
}) => ReactNode;

const RequestFormBody = observer(function RequestFormBody<F extends string>({
  form,
  failure,
  onDone,
  children,
}: {
  form: RequestFormStore<F>;
  failure: MessageDescriptor;
  onDone: () => void;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  if (form.state === "sent") {
    return (
      <div className="request-form">
        <p role="status" className="request-form__sent">
          {i18n._(msg`Thank you! Your request has been sent. We will contact you soon.`)}
        </p>
        <button type="button" className="button" onClick={onDone}>
          {i18n._(msg`Close`)}
        </button>
      </div>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit().then(() => {
      // Move focus to the first invalid field so keyboard and screen-reader users land on it.
      const invalid = (e.target as HTMLFormElement).querySelector<HTMLElement>("[aria-invalid]");
      invalid?.focus();
    });
  };
  return (
    <form className="request-form" noValidate onSubmit={submit}>
      {children}
      {form.state === "failed" && (
        <p role="alert" className="request-form__failure">
          {i18n._(failure)}
        </p>
      )}
      <button type="submit" className="button" disabled={form.sending} aria-busy={form.sending}>
        {i18n._(msg`Send`)}
      </button>
    </form>
  );
}) as <F extends string>(props: {
  form: RequestFormStore<F>;
  failure: MessageDescriptor;
  onDone: () => void;
  children: ReactNode;
}) => ReactNode;

/** "Become a photographer": the photographer request of spec §3 in a modal. */
export const PhotographerRequest = observer(function PhotographerRequest() {
  const { i18n } = useLingui();
  const form = useBuy().requests.photographer;
  const v = form.values;
  return (
    <RequestDialogButton
      form={form}
      label={i18n._(msg`Become a photographer`)}
      title={i18n._(msg`Request to join as a photographer`)}
      failure={msg`An error occurred while sending the request. Try again later.`}
    >
      {(error) => (
        <>
          <RequestField
            label={i18n._(msg`First and last name`)}
            value={v.name}
            error={error("name", PHOTOGRAPHER_MESSAGES)}
            onChange={(x) => form.set("name", x)}
            autoComplete="name"
            required
          />
          <RequestField
            label={i18n._(msg`E-mail`)}
            type="email"
            value={v.email}
            error={error("email", PHOTOGRAPHER_MESSAGES)}
            onChange={(x) => form.set("email", x)}
            autoComplete="email"
            required
          />
          <RequestField
            label={i18n._(msg`City`)}
            value={v.city}
            error={error("city", PHOTOGRAPHER_MESSAGES)}
            onChange={(x) => form.set("city", x)}
            autoComplete="address-level2"
            required
          />
          <RequestField
            label={i18n._(msg`Portfolio link`)}
            type="url"
            value={v.portfolio}
            error={error("portfolio", PHOTOGRAPHER_MESSAGES)}
            onChange={(x) => form.set("portfolio", x)}
            required
          />
          <RequestField
            label={i18n._(msg`Equipment`)}
            value={v.equipment}
            error={error("equipment", PHOTOGRAPHER_MESSAGES)}
            onChange={(x) => form.set("equipment", x)}
            required
          />
          <RequestField
            label={i18n._(msg`Comment (optional)`)}
            value={v.comment}
            error={null}
            onChange={(x) => form.set("comment", x)}
            multiline
          />
        </>
      )}
    </RequestDialogButton>
  );
});

/** "Leave a request": the business request of spec §3 in a modal. */
export const BusinessRequest = observer(function BusinessRequest() {
  const { i18n } = useLingui();
  const form = useBuy().requests.business;
  const v = form.values;
  return (
    <RequestDialogButton
      form={form}
      label={i18n._(msg`Leave a request`)}
      title={i18n._(msg`Request for business`)}
      failure={msg`An error has occurred`}
    >
      {(error) => (
        <>
          <RequestField
            label={i18n._(msg`Phone`)}
            type="tel"
            value={v.phone}
            error={error("phone", BUSINESS_MESSAGES)}
            onChange={(x) => form.set("phone", x)}
            autoComplete="tel"
            required
          />
          <RequestField
            label={i18n._(msg`Comment (optional)`)}
            value={v.comment}
            error={null}
            onChange={(x) => form.set("comment", x)}
            multiline
          />
        </>
      )}
    </RequestDialogButton>
  );
});
