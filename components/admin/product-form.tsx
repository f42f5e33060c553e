"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState, type ChangeEvent } from "react";
import { useForm, type DefaultValues, type Path } from "react-hook-form";
import toast from "react-hot-toast";
import { z } from "zod";
import { buttonClasses } from "@/components/ui/button";
import { sendJson } from "@/components/ui/send-json";
import { TextField } from "@/components/ui/text-field";
import { useFieldValue } from "@/components/ui/use-field-value";
import { useImagePreview } from "@/components/ui/use-image-preview";
import { useLeaveGuard } from "@/components/ui/use-leave-guard";
import { productInputSchema, typedPriceSchema, type Product } from "@/models/catalog";
import { MANAGE_PRODUCTS_PATH } from "./manage-products-href";
import { uploadImage } from "./upload-image";
import { fileInputClass } from "@/components/ui/file-input";
import { countOf, formatCount } from "@/models/count";
import { MAX_PHOTO_BYTES, PHOTO_TOO_LARGE } from "@/models/images";

// The photo's size is checked here as the server checks it (models/images.ts); the server also judges
// the file by its content, so this only spares an admin a pointless upload.
const PHOTO_REQUIRED = "Add a product photo";
const PHOTO_NOT_IMAGE = "Choose an image file (JPEG, PNG, WebP, GIF or AVIF)";

function photoField(required: boolean) {
  return z.custom<FileList | undefined>().superRefine((files, ctx) => {
    const file = files?.[0];
    if (!file) {
      if (required) ctx.addIssue({ code: "custom", message: PHOTO_REQUIRED });
      return;
    }
    if (!file.type.startsWith("image/")) ctx.addIssue({ code: "custom", message: PHOTO_NOT_IMAGE });
    else if (file.size > MAX_PHOTO_BYTES) ctx.addIssue({ code: "custom", message: PHOTO_TOO_LARGE });
  });
}

// The server's own schema, so the messages are the same; the photo replaces imageUrl, which the
// upload produces, and the price is typed in dollars and sent as priceCents.
const fieldsSchema = productInputSchema.omit({ imageUrl: true, priceCents: true }).extend({ price: typedPriceSchema });
const addSchema = fieldsSchema.extend({ photo: photoField(true) });
const editSchema = fieldsSchema.extend({ photo: photoField(false) });

type ProductFormValues = z.input<typeof addSchema>;
type ServerField = "name" | "description" | "priceCents" | "stock" | "stockChange" | "minOrderQuantity" | "imageUrl";
const formFieldFor: Record<ServerField, Path<ProductFormValues>> = {
  name: "name",
  description: "description",
  priceCents: "price",
  stock: "stock",
  stockChange: "stock",
  minOrderQuantity: "minOrderQuantity",
  imageUrl: "photo",
};
const fieldOrder: ServerField[] = ["name", "stock", "stockChange", "minOrderQuantity", "imageUrl", "priceCents", "description"];

type Upload = { percent: number; done: boolean };
/** Editing: `returnHref` is the page of Manage Products the edit was opened from, where a save returns. */
type ProductFormProps = { mode: "add" } | { mode: "edit"; product: Product; returnHref: string };

/** The toast after an edit; says so when orders moved the stock while the page was open. */
function updatedMessage(typed: number, now: number): string {
  if (now === typed) return "Product updated";
  const moved = Math.abs(now - typed);
  const units = countOf(moved, "unit", "units");
  const were = moved === 1 ? "was" : "were";
  return `Product updated. Stock is now ${formatCount(now)}, not ${formatCount(typed)}: ${units} ${were} ${now < typed ? "sold or taken away" : "returned or added"} while you were editing.`;
}

function centsToTyped(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Add Product and Edit Product: one form, every field required when adding, the photo optional when editing. */
export function ProductForm(props: ProductFormProps) {
  const router = useRouter();
  const editing = props.mode === "edit" ? props.product : null;
  const formRef = useRef<HTMLFormElement>(null);
  // An upload that succeeded for this very file is reused when the product step has to be retried.
  const uploaded = useRef<{ file: File; url: string } | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ id: string; name: string } | null>(null);
  const [preview, previewFile, previewFailed] = useImagePreview();

  const defaultValues: DefaultValues<ProductFormValues> = editing
    ? {
        name: editing.name,
        description: editing.description,
        price: centsToTyped(editing.priceCents),
        stock: editing.stock,
        minOrderQuantity: editing.minOrderQuantity,
        photo: undefined,
      }
    : { name: "", description: "", price: "", photo: undefined };

  const {
    register,
    handleSubmit,
    setError,
    reset,
    subscribe,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProductFormValues, unknown, z.output<typeof addSchema>>({
    resolver: zodResolver(editing ? editSchema : addSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues,
  });
  // A minimum above the stock is allowed (stock can be 0 until a delivery), but the tool then shows as
  // out of stock: said while typing, so it is not a surprise on the shop's pages.
  const typedStock = useFieldValue({ subscribe, getValues }, "stock");
  const typedMinimum = useFieldValue({ subscribe, getValues }, "minOrderQuantity");
  // Only for figures the form would accept: under a refused stock or minimum, its own error says it all.
  const unorderable = Number.isInteger(typedStock) && Number.isInteger(typedMinimum) && typedStock >= 0 && typedMinimum >= 1 && typedMinimum > typedStock;

  // The side menu and the header are a click away from losing what was typed here.
  const leaveDialog = useLeaveGuard({
    dirty: isDirty,
    message: editing ? `Your changes to ${editing.name} are not saved.` : "The product is not added yet: what you typed here will be lost.",
  });

  const showPreview = (event: ChangeEvent<HTMLInputElement>) => {
    setUpload(null);
    previewFile(event.target.files?.[0]);
  };

  function showServerErrors(message: string, fields: Record<string, string>) {
    const matched = fieldOrder.filter((field) => fields[field]);
    matched.forEach((field, index) => setError(formFieldFor[field], { message: fields[field] }, { shouldFocus: index === 0 }));
    if (matched.length === 0) setFormError(message);
    toast.error(message);
  }

  async function uploadPhoto(file: File): Promise<string | null> {
    if (uploaded.current?.file === file) return uploaded.current.url;
    setUpload({ percent: 0, done: false });
    const result = await uploadImage(file, (percent) => setUpload({ percent, done: false }));
    if (!result.ok) {
      setUpload(null);
      const message = result.fields.file ?? result.message;
      setError("photo", { message }, { shouldFocus: true });
      toast.error(message);
      return null;
    }
    setUpload({ percent: 100, done: true });
    uploaded.current = { file, url: result.url };
    return result.url;
  }

  async function submit(values: z.output<typeof addSchema>) {
    setFormError(null);
    setCreated(null);
    const file = values.photo?.[0];
    // The typed price ("12.50") is already integer cents here: typedPriceSchema converts by string arithmetic.
    const priceCents = values.price;

    if (!editing) {
      if (!file) {
        setError("photo", { message: PHOTO_REQUIRED }, { shouldFocus: true });
        return;
      }
      const imageUrl = await uploadPhoto(file);
      if (!imageUrl) return;
      const input = { name: values.name, description: values.description, imageUrl, priceCents, stock: values.stock, minOrderQuantity: values.minOrderQuantity };
      const result = await sendJson<Product>("/api/products", "POST", input, "The product could not be added. Please try again.");
      if (!result.ok) {
        showServerErrors(result.message, result.fields);
        return;
      }
      toast.success("Product added");
      setCreated({ id: result.body.id, name: result.body.name });
      uploaded.current = null;
      setUpload(null);
      previewFile(null);
      formRef.current?.reset();
      reset();
      router.refresh();
      return;
    }

    const patch: Record<string, unknown> = {};
    if (values.name !== editing.name) patch.name = values.name;
    if (values.description !== editing.description) patch.description = values.description;
    if (priceCents !== editing.priceCents) patch.priceCents = priceCents;
    // Sent as a change, applied to the stock as it is on saving: units sold while this page was open stay sold.
    if (values.stock !== editing.stock) patch.stockChange = values.stock - editing.stock;
    if (values.minOrderQuantity !== editing.minOrderQuantity) patch.minOrderQuantity = values.minOrderQuantity;
    if (file) {
      const imageUrl = await uploadPhoto(file);
      if (!imageUrl) return;
      patch.imageUrl = imageUrl;
    }
    if (Object.keys(patch).length === 0) {
      setFormError("Nothing to save: change at least one field.");
      return;
    }
    // What this page started from, for each field it changes: another admin's change meanwhile is
    // refused by the server rather than overwritten. Stock goes as a change and needs none.
    const expected: Record<string, unknown> = {};
    for (const field of ["name", "description", "priceCents", "minOrderQuantity", "imageUrl"] as const) {
      if (field in patch) expected[field] = editing[field];
    }
    if (Object.keys(expected).length > 0) patch.expected = expected;
    const result = await sendJson<Product>(
      `/api/products/${encodeURIComponent(editing.id)}`,
      "PATCH",
      patch,
      "The product could not be updated. Please try again.",
    );
    if (!result.ok) {
      showServerErrors(result.message, result.fields);
      return;
    }
    toast.success(updatedMessage(values.stock, result.body.stock));
    router.push(props.mode === "edit" ? props.returnHref : MANAGE_PRODUCTS_PATH);
    router.refresh();
  }

  const idPrefix = editing ? "edit-product" : "add-product";
  const photoId = `${idPrefix}-photo`;
  const descriptionId = `${idPrefix}-description`;
  const uploading = upload !== null && !upload.done;
  const photoDescribedBy = [`${photoId}-hint`, errors.photo ? `${photoId}-error` : null].filter(Boolean).join(" ");
  const descriptionDescribedBy = errors.description ? `${descriptionId}-error` : undefined;

  return (
    <form method="post"
      ref={formRef}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      noValidate
      aria-describedby={`${idPrefix}-status`}
      aria-busy={isSubmitting}
      className="flex max-w-3xl flex-col gap-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      {/* Both live regions stay in the page so what appears in them is announced; empty, they take no room. */}
      <div id={`${idPrefix}-status`} role="alert" aria-atomic="true" className={formError ? "" : "-mb-5"}>
        {formError ? (
          <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">{formError}</p>
        ) : null}
      </div>
      <div role="status" className={created ? "" : "-mb-5"}>
        {created ? (
          <p className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900">
            <span className="font-semibold">{created.name}</span> is in the catalog.{" "}
            <Link
              href={`/servicedata?q=${encodeURIComponent(created.name)}`}
              className="font-semibold text-green-900 underline underline-offset-2"
            >
              View it in the catalog
            </Link>{" "}
            ·{" "}
            <Link
              href={`/dashboard/manageProducts/${encodeURIComponent(created.id)}`}
              className="font-semibold text-green-900 underline underline-offset-2"
            >
              Edit it
            </Link>
          </p>
        ) : null}
      </div>

      <TextField id={`${idPrefix}-name`} label="Name" autoComplete="off" maxLength={120} error={errors.name?.message} defaultValue={defaultValues.name} {...register("name")} />

      {/* Stock and minimum side by side with the warning under both; on a phone the warning comes right
          after them, not after the price. */}
      <div className="grid gap-5 sm:grid-cols-3">
        <div className="grid gap-5 sm:col-span-2 sm:grid-cols-2">
          <TextField
            id={`${idPrefix}-stock`}
            label="Available stock"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            hint="Units ready to ship"
            error={errors.stock?.message}
            defaultValue={defaultValues.stock}
            {...register("stock", { valueAsNumber: true })}
          />
          <TextField
            id={`${idPrefix}-min`}
            label="Minimum order quantity"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            hint="Fewest units per order"
            error={errors.minOrderQuantity?.message}
            defaultValue={defaultValues.minOrderQuantity}
            {...register("minOrderQuantity", { valueAsNumber: true })}
          />
          <p
            role="status"
            data-testid="stock-below-minimum"
            className={unorderable ? "-mt-3 text-sm text-amber-800 sm:col-span-2" : "-mt-5 sm:col-span-2"}
          >
            {unorderable
              ? `Customers cannot order this tool until the stock reaches ${countOf(typedMinimum, "unit", "units")}, its minimum order: until then it shows as out of stock.`
              : ""}
          </p>
        </div>
        <TextField
          id={`${idPrefix}-price`}
          label="Price (USD)"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          hint="Per unit, e.g. 24.99"
          error={errors.price?.message}
          defaultValue={defaultValues.price}
          {...register("price")}
        />
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={photoId} className="text-sm font-semibold text-slate-900">
          Photo
        </label>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <div className="flex h-24 w-32 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-300 bg-stone-100">
            {preview || editing ? (
              // A local blob: URL of the chosen file, or the current photo; next/image adds nothing here.
              // eslint-disable-next-line @next/next/no-img-element
              <img
                src={preview ?? editing?.imageUrl}
                alt={preview ? "Preview of the chosen photo" : "Current photo"}
                onError={preview ? previewFailed : undefined}
                className="size-full object-cover"
              />
            ) : (
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8 text-slate-500" fill="none" stroke="currentColor" strokeWidth="1.5">
                <rect x="3" y="5" width="18" height="14" rx="2" />
                <circle cx="9" cy="10" r="1.75" />
                <path d="m21 16-5-5-8 8" strokeLinejoin="round" />
              </svg>
            )}
          </div>
          <input
            id={photoId}
            type="file"
            accept="image/*"
            aria-invalid={errors.photo ? true : undefined}
            aria-describedby={photoDescribedBy}
            className={fileInputClass}
            {...register("photo", { onChange: showPreview })}
          />
        </div>
        <p id={`${photoId}-hint`} className="text-sm text-slate-600">
          JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.{editing ? " Leave empty to keep the current photo." : ""}
        </p>
        {errors.photo?.message ? (
          <p id={`${photoId}-error`} className="text-sm font-medium text-red-700">
            {errors.photo.message}
          </p>
        ) : null}
        <div className={upload ? "mt-1 flex flex-col gap-1" : "sr-only"}>
          {upload ? (
            <>
              <label htmlFor={`${photoId}-progress`} className="text-sm font-semibold text-slate-900">
                {upload.done ? "Photo uploaded" : "Uploading photo"}
              </label>
              <progress
                id={`${photoId}-progress`}
                max={100}
                value={upload.percent}
                className="h-2.5 w-full max-w-md appearance-none overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand"
              />
            </>
          ) : null}
          {/* Always in the page, so the percentage is announced as it changes. */}
          <p aria-live="polite" aria-atomic="true" className="text-sm text-slate-700">
            {upload ? `${upload.percent}%` : ""}
          </p>
        </div>
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-sm font-semibold text-slate-900">
          Description
        </label>
        <textarea
          id={descriptionId}
          rows={5}
          maxLength={2000}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={descriptionDescribedBy}
          className={`block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 ${
            errors.description ? "border-red-700" : "border-slate-400"
          }`}
          defaultValue={defaultValues.description}
          {...register("description")}
        />
        {errors.description?.message ? (
          <p id={`${descriptionId}-error`} className="text-sm font-medium text-red-700">
            {errors.description.message}
          </p>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        {/* aria-disabled, not disabled, while saving: a disabled button drops the keyboard focus it holds. */}
        <button
          type="submit"
          aria-disabled={isSubmitting || undefined}
          onClick={(event) => isSubmitting && event.preventDefault()}
          className={buttonClasses("primary", "md", "min-w-36 aria-disabled:cursor-progress aria-disabled:opacity-60")}
        >
          {isSubmitting ? (
            <>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 animate-spin motion-reduce:animate-none" fill="none">
                <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.3" strokeWidth="4" />
                <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
              </svg>
              {uploading ? "Uploading…" : "Saving…"}
            </>
          ) : editing ? (
            "Save changes"
          ) : (
            "Add product"
          )}
        </button>
        {editing ? (
          <Link href={props.mode === "edit" ? props.returnHref : MANAGE_PRODUCTS_PATH} data-discards className={buttonClasses("secondary", "md")}>
            Cancel
          </Link>
        ) : null}
      </div>
      {leaveDialog}
    </form>
  );
}
