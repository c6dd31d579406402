import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod/mini";

/**
 * A Conform form checked in the browser by the same zod schema its action parses: a field's error
 * shows once the member leaves it, and updates as they type. The schemas the browser loads are
 * written with zod/mini (ADR 028).
 */
export function useZodForm<Schema extends z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: { id?: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: DefaultValue<z.input<Schema>> } = {},
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}
