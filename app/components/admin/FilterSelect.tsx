/**
 * One choice of a console filter form (a GET form: orders, audit trail): a labelled select whose
 * first option, the empty value, filters nothing.
 */
export function FilterSelect({
  id,
  name,
  label,
  value,
  anyLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  /** The current choice; "" or none for any. */
  value: string | undefined;
  /** The empty option's text ("any status"). */
  anyLabel: string;
  options: readonly { value: string | number; label: string }[];
}) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
