import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "./FieldError";

/** A labelled select of a Conform form, with its options (already translated) and its errors. */
export function SelectField({
  field,
  label,
  options,
  emptyLabel,
  className = "form-field",
}: {
  field: FieldMetadata<unknown>;
  label: string;
  options: readonly { value: string; label: string }[];
  /** An empty first option ("no answer"); omitted when a value is required. */
  emptyLabel?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={field.id}>{label}</label>
      <select {...getSelectProps(field)}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}
