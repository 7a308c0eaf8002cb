import { factTokenNames } from "../../../shared/content-facts";
import { FieldGroup, LinesField, ListField, NumberField, TextField } from "./fields";

/**
 * The studio's policies as the services page, the terms and the aftercare guide state them:
 * deposit, cancellation, touch-ups, payment, who may come, booking and the healing figures.
 */
export function PoliciesFields() {
  return (
    <>
      <p className="admin-muted">
        A text can name a figure kept elsewhere in the Studio, in braces, and the site fills in its current
        value: {factTokenNames.map((name) => `{${name}}`).join(", ")}.
      </p>
      <FieldGroup legend="Deposit and cancellation">
        <NumberField path={["deposit", "amount"]} label="Deposit ($)" />
        <TextField path={["deposit", "summary"]} label="What the deposit means" multiline />
        <LinesField
          path={["cancellation"]}
          label="Cancellation rules"
          hint="One rule per line, in the order the pages list them"
        />
        <NumberField
          path={["booking", "rescheduleNoticeHours"]}
          label="Notice to move a booking (hours)"
          hint="Cancelling with less notice costs the deposit"
        />
      </FieldGroup>
      <FieldGroup legend="Touch-ups">
        <TextField path={["touchUps"]} label="Touch-up promise" hint="e.g. Free touch-ups within 6 weeks" />
        <NumberField path={["touchUpWeeks"]} label="Free touch-ups within (weeks)" />
      </FieldGroup>
      <FieldGroup legend="Payment">
        <TextField path={["payment"]} label="When payment is due" multiline />
        <ListField path={["booking", "paymentMethods"]} label="Payment methods" />
        <TextField path={["booking", "cashPricing"]} label="Cash pricing" multiline />
        <TextField
          path={["booking", "cardOnFile"]}
          label="Card on file"
          multiline
          hint="Shown on the site only while cards are really saved at booking, which this site does not do yet"
        />
      </FieldGroup>
      <FieldGroup legend="Who may come">
        <TextField path={["age"]} label="Age rule" multiline />
        <TextField path={["companions"]} label="Companions" multiline />
      </FieldGroup>
      <FieldGroup legend="Booking">
        <TextField path={["booking", "bookAhead"]} label="Book ahead by" hint="e.g. 2-4 weeks" />
        <TextField path={["booking", "beforeYourSession"]} label="Before your session" multiline />
      </FieldGroup>
      <FieldGroup legend="Aftercare figures">
        <div className="studio-row">
          <TextField
            path={["aftercare", "dermShield"]}
            label="Derm Shield film stays on for"
            hint="e.g. 3-5 days"
          />
          <TextField path={["aftercare", "noSoaking"]} label="No soaking for" hint="e.g. 2 weeks" />
          <TextField path={["aftercare", "moisturise"]} label="Moisturise" hint="e.g. 2-3 times a day" />
        </div>
        <div className="studio-row">
          <TextField path={["aftercare", "surfaceHealing"]} label="Surface healing takes" />
          <TextField path={["aftercare", "fullHealing"]} label="Full healing takes" />
        </div>
      </FieldGroup>
    </>
  );
}
