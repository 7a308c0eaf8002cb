import { LinesField, ListField, NumberField, TextField } from "./fields";

/**
 * The studio's policies as the services page, the terms and the aftercare guide state them:
 * deposit, cancellation, touch-ups, payment, who may come, booking and the healing figures.
 */
export function PoliciesFields() {
  return (
    <>
      <fieldset className="studio-group">
        <legend>Deposit and cancellation</legend>
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
      </fieldset>
      <fieldset className="studio-group">
        <legend>Touch-ups</legend>
        <TextField path={["touchUps"]} label="Touch-up promise" hint="e.g. Free touch-ups within 6 weeks" />
        <NumberField path={["touchUpWeeks"]} label="Free touch-ups within (weeks)" />
      </fieldset>
      <fieldset className="studio-group">
        <legend>Payment</legend>
        <TextField path={["payment"]} label="When payment is due" multiline />
        <ListField path={["booking", "paymentMethods"]} label="Payment methods" />
        <TextField path={["booking", "cashPricing"]} label="Cash pricing" multiline />
        <TextField path={["booking", "cardOnFile"]} label="Card on file" multiline />
      </fieldset>
      <fieldset className="studio-group">
        <legend>Who may come</legend>
        <TextField path={["age"]} label="Age rule" multiline />
        <TextField path={["companions"]} label="Companions" multiline />
      </fieldset>
      <fieldset className="studio-group">
        <legend>Booking</legend>
        <TextField path={["booking", "bookAhead"]} label="Book ahead by" hint="e.g. 2-4 weeks" />
        <TextField path={["booking", "beforeYourSession"]} label="Before your session" multiline />
      </fieldset>
      <fieldset className="studio-group">
        <legend>Aftercare figures</legend>
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
      </fieldset>
    </>
  );
}
