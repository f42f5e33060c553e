"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import { notify } from "@/components/ui/notify";
import { errorFields, errorMessage, NETWORK_ERROR_MESSAGE, readJson } from "@/components/ui/api-response";
import { buttonClasses } from "@/components/ui/button";
import { loadOnce } from "@/components/ui/load-once";
import { SubmitButton } from "@/components/ui/submit-button";

type FieldName = "name" | "email" | "company" | "country" | "message";
type Values = Record<FieldName, string>;

const fields: { name: FieldName; label: string; autoComplete: string; type?: string }[] = [
  { name: "name", label: "Name", autoComplete: "name" },
  { name: "email", label: "Email Address", autoComplete: "email", type: "email" },
  { name: "company", label: "Company name", autoComplete: "organization" },
  { name: "country", label: "Country", autoComplete: "country-name" },
  { name: "message", label: "Message", autoComplete: "off" },
];

const EMPTY: Values = { name: "", email: "", company: "", country: "", message: "" };
const FILL_EVERY_FIELD = "Please fill in every field";

// The server's contactSchema (its messages, its email rule) comes with zod: loaded when the form is
// first used, not with the home page, whose first load is budgeted (ADR 038).
const messageModels = loadOnce(() => import("@/models/messages"));
const preloadModels = () => {
  messageModels().catch(() => {
    // The submit that needs them reports the failure.
  });
};

function isFieldName(key: unknown): key is FieldName {
  return fields.some((field) => field.name === key);
}

const INPUT_CLASS =
  "mt-1 block w-full rounded-md border border-slate-500 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700";

export function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const baseId = useId();

  function focusField(name: FieldName) {
    formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const models = await messageModels().catch(() => null);
    if (!models) {
      setPending(false);
      notify.error(NETWORK_ERROR_MESSAGE);
      return;
    }
    const parsed = models.contactSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const [key] = issue.path;
        if (isFieldName(key)) found[key] ??= issue.message;
      }
      setPending(false);
      setErrors(found);
      const first = fields.find((f) => found[f.name]);
      // An empty field gets the shop's toast (PRODUCT.md §6); otherwise the first field's own message,
      // as the server's answer would word it.
      const anyEmpty = fields.some((f) => values[f.name].trim() === "");
      notify.error(anyEmpty ? FILL_EVERY_FIELD : ((first && found[first.name]) ?? FILL_EVERY_FIELD));
      if (first) focusField(first.name);
      return;
    }

    setErrors({});
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(values),
      });
      const body = await readJson(response);
      if (response.ok) {
        notify.success("Thanks — we'll get back to you");
        setValues(EMPTY);
        return;
      }
      const serverFields = errorFields(body);
      const known = Object.fromEntries(
        Object.entries(serverFields).filter(([key]) => fields.some((f) => f.name === key)),
      ) as Partial<Record<FieldName, string>>;
      setErrors(known);
      notify.error(errorMessage(body) ?? "We couldn't send your message. Please try again.");
      const first = fields.find((f) => known[f.name]);
      if (first) focusField(first.name);
    } catch {
      notify.error(NETWORK_ERROR_MESSAGE);
    } finally {
      setPending(false);
    }
  }

  function update(name: FieldName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  }

  return (
    // Every field is checked on submit (toast + marked fields) and again on the server; noValidate keeps
    // the browser's own bubbles from pre-empting both.
    <form method="post" ref={formRef} noValidate onSubmit={onSubmit} onFocus={preloadModels} className="grid gap-5 sm:grid-cols-2">
      {fields.map((field) => {
        const id = `${baseId}-${field.name}`;
        const error = errors[field.name];
        const common = {
          id,
          name: field.name,
          required: true,
          autoComplete: field.autoComplete,
          value: values[field.name],
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${id}-error` : undefined,
          className: INPUT_CLASS,
        } as const;
        return (
          <div key={field.name} className={field.name === "message" ? "sm:col-span-2" : undefined}>
            <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
              {field.label}
            </label>
            {field.name === "message" ? (
              <textarea {...common} rows={5} onChange={(e) => update(field.name, e.target.value)} />
            ) : (
              <input
                {...common}
                type={field.type ?? "text"}
                onChange={(e) => update(field.name, e.target.value)}
              />
            )}
            {error && (
              <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <div className="sm:col-span-2">
        <SubmitButton pending={pending} pendingLabel="Sending…" className={buttonClasses("primary", "lg", "w-full sm:w-auto")}>
          Send message
        </SubmitButton>
      </div>
    </form>
  );
}
