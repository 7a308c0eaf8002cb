import { limits } from "../../shared/schemas/field-limits";
import { TextInput } from "./form-fields";

type TextFieldProps = {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
};

/**
 * Who is writing: name, e-mail and phone, the same three fields in every public form, so each
 * kind of submission asks for them alike. The phone is optional unless the form needs a call back.
 */
export function IdentityFields({
  idPrefix,
  text,
  nameLabel = "Name",
  phoneRequired = false,
}: {
  idPrefix: string;
  text: (name: "name" | "email" | "phone") => TextFieldProps;
  nameLabel?: string;
  phoneRequired?: boolean;
}) {
  const fields = [
    { field: "name", label: nameLabel, required: true, autoComplete: "name", maxLength: limits.nameMax + 10 },
    {
      field: "email",
      label: "Email",
      type: "email",
      required: true,
      autoComplete: "email",
    },
    {
      field: "phone",
      label: "Phone",
      type: "tel",
      required: phoneRequired,
      autoComplete: "tel",
    },
  ] as const;
  return fields.map(({ field, ...props }) => (
    <TextInput key={field} id={`${idPrefix}-${field}`} {...text(field)} {...props} />
  ));
}
