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
  return (
    <>
      <TextInput
        id={`${idPrefix}-name`}
        {...text("name")}
        label={nameLabel}
        required
        autoComplete="name"
        maxLength={limits.nameMax + 10}
      />
      <TextInput
        id={`${idPrefix}-email`}
        {...text("email")}
        label="Email"
        type="email"
        inputMode="email"
        required
        autoComplete="email"
      />
      <TextInput
        id={`${idPrefix}-phone`}
        {...text("phone")}
        label="Phone"
        type="tel"
        inputMode="tel"
        required={phoneRequired}
        autoComplete="tel"
      />
    </>
  );
}
