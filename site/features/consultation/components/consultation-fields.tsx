import { lazy, type ReactNode, Suspense } from "react";
import type { GuideRow } from "../../../../shared/price-guide";
import {
  budgetOptions,
  type ConsultationInput,
  consultationFieldLabels,
  experienceOptions,
  sizeOptionsFor,
  timeframeOptions,
} from "../../../../shared/schemas/consultation-fields";
import { Checkbox, SelectInput, TextArea, TextInput } from "../../../components/form-fields";
import { IdentityFields } from "../../../components/identity-fields";
import { useFacts } from "../../../content/content-context";
import type { useSubmissionForm } from "../../../lib/forms/use-submission-form";
import { placementListId } from "./consultation-guide";

const ConsultationGuideLine = lazy(() => import("./consultation-guide-line"));

type Form = ReturnType<typeof useSubmissionForm<ConsultationInput>>;

/** The request's multiple-choice questions, each with what its select says before a choice. */
const choices = {
  experience: "Choose one",
  size: "Choose a size",
  timeframe: "When would you like it?",
  budget: "Prefer to discuss in person",
} as const;

/** The request's questions: about the visitor, about the tattoo, and the 18+ confirmation. */
export function ConsultationFields({
  form,
  guide,
  images,
}: {
  form: Pick<Form, "text" | "check">;
  /** The price guide's figures, for the line under size and placement; none, no line. */
  guide?: GuideRow[] | undefined;
  /** The reference images' part, after the questions about the tattoo. */
  images?: ReactNode;
}) {
  const { prices, studio } = useFacts();
  const choice = (field: keyof typeof choices, values: readonly string[]) => (
    <SelectInput
      id={`consultation-${field}`}
      {...form.text(field)}
      label={consultationFieldLabels[field] ?? field}
      placeholder={choices[field]}
      options={values.map((value) => ({ value, label: value }))}
    />
  );
  return (
    <>
      <fieldset className="studio-form__group">
        <legend>About you</legend>
        <div className="studio-form__grid">
          <IdentityFields idPrefix="consultation" text={form.text} nameLabel="Full name" phoneRequired />
          {choice("experience", experienceOptions)}
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
          {choice("size", sizeOptionsFor(prices))}
          <TextInput
            id="consultation-placement"
            {...form.text("placement")}
            label="Placement"
            maxLength={110}
            list={placementListId}
            hint="Where on the body, e.g. left forearm: pick one or write your own."
          />
          {choice("timeframe", timeframeOptions)}
          {choice("budget", budgetOptions)}
        </div>
        {guide ? (
          <div className="price-guide__slot" aria-live="polite">
            {form.text("size").value || form.text("flashDesign").value ? (
              <Suspense fallback={null}>
                <ConsultationGuideLine
                  guide={guide}
                  size={form.text("size").value}
                  placement={form.text("placement").value}
                  designId={form.text("flashDesign").value}
                />
              </Suspense>
            ) : null}
          </div>
        ) : null}
        <TextArea
          id="consultation-availability"
          {...form.text("availability")}
          label="Availability"
          rows={3}
          maxLength={500}
          hint="Days and times that suit you for the consultation."
        />
      </fieldset>
      {images}
      <Checkbox
        id="consultation-age"
        {...form.check("ageVerification")}
        required
        label={`I confirm that I am ${studio.claims.minimumAge} years of age or older`}
      />
    </>
  );
}
