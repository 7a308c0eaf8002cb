import {
  budgetOptions,
  type ConsultationInput,
  experienceOptions,
  sizeOptions,
  timeframeOptions,
} from "../../../../shared/schemas/consultation-fields";
import { Checkbox, SelectInput, TextArea, TextInput } from "../../../components/form-fields";
import { IdentityFields } from "../../../components/identity-fields";
import type { useSubmissionForm } from "../../../lib/forms/use-submission-form";

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

type Form = ReturnType<typeof useSubmissionForm<ConsultationInput>>;

/** The request's questions: about the visitor, about the tattoo, and the 18+ confirmation. */
export function ConsultationFields({ form }: { form: Pick<Form, "text" | "check"> }) {
  return (
    <>
      <fieldset className="studio-form__group">
        <legend>About you</legend>
        <div className="studio-form__grid">
          <IdentityFields idPrefix="consultation" text={form.text} nameLabel="Full name" phoneRequired />
          <SelectInput
            id="consultation-experience"
            {...form.text("experience")}
            label="Tattoo experience"
            placeholder="Choose one"
            options={asOptions(experienceOptions)}
          />
        </div>
      </fieldset>
      <fieldset className="studio-form__group">
        <legend>Your tattoo</legend>
        <TextArea
          id="consultation-idea"
          {...form.text("tattooIdea")}
          label="Tattoo idea"
          required
          rows={7}
          maxLength={1000}
          hint="Describe the design, style, any meaning behind it and reference ideas (10 to 1000 characters)."
        />
        <div className="studio-form__grid">
          <SelectInput
            id="consultation-size"
            {...form.text("size")}
            label="Size"
            placeholder="Choose a size"
            options={asOptions(sizeOptions)}
          />
          <TextInput
            id="consultation-placement"
            {...form.text("placement")}
            label="Placement"
            maxLength={110}
            hint="Where on the body, e.g. left forearm."
          />
          <SelectInput
            id="consultation-timeframe"
            {...form.text("timeframe")}
            label="Timeframe"
            placeholder="When would you like it?"
            options={asOptions(timeframeOptions)}
          />
          <SelectInput
            id="consultation-budget"
            {...form.text("budget")}
            label="Budget"
            placeholder="Prefer to discuss in person"
            options={asOptions(budgetOptions)}
          />
        </div>
        <TextArea
          id="consultation-availability"
          {...form.text("availability")}
          label="Availability"
          rows={3}
          maxLength={500}
          hint="Days and times that suit you for the consultation."
        />
      </fieldset>
      <Checkbox
        id="consultation-age"
        {...form.check("ageVerification")}
        required
        label="I confirm that I am 18 years of age or older"
      />
    </>
  );
}
