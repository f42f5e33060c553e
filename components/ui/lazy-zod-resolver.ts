import type { FieldValues, Resolver } from "react-hook-form";
import type * as z from "zod/v4/core";
import { loadOnce } from "./load-once";

export type LazyZodResolver<Schema extends z.$ZodType<unknown, FieldValues>> = {
  /** Hand to useForm({ resolver }): parses with the schema once it has loaded. */
  resolver: Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  /** Starts loading the schema (e.g. when the form first gets focus), so the first submit does not wait. */
  preload: () => void;
};

/**
 * A react-hook-form resolver for a zod schema that is loaded on first use, not with the page: zod and
 * the resolver are ~33 KB gzipped, and a page whose form is only filled in later need not pay for them
 * in its first load (docs/decisions/038). The schema is the one in models/, the same the server parses
 * with; only when it is downloaded changes. Define it once per schema, at module level.
 */
export function lazyZodResolver<Schema extends z.$ZodType<unknown, FieldValues>>(
  loadSchema: () => Promise<Schema>,
): LazyZodResolver<Schema> {
  type Loaded = Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  // Offline for a moment: loadOnce forgets the failure and the next submit tries again.
  const load = loadOnce(() =>
    Promise.all([loadSchema(), import("@hookform/resolvers/zod")]).then(([schema, { zodResolver }]) => zodResolver(schema) as unknown as Loaded),
  );
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload: () => {
      load().catch(() => {
        // The submit that needs it reports the failure.
      });
    },
  };
}
