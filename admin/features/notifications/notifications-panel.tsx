import { useEffect, useState } from "react";
import { type PushTopic, pushTopics } from "../../../shared/push";
import { ActionOutcome } from "../../components/alert";
import { timeAgo } from "../../lib/relative-time";
import { useAction } from "../../lib/use-action";
import { forgetDevice, loadOverview, type PushOverview, saveDevice, sendTestNotice } from "./api";
import { currentSubscription, deviceLabel, pushSupported, subscribe } from "./device";

const topicLabels: Record<PushTopic, string> = {
  "new-request": "New requests and messages",
  "client-answer": "A client's answer",
  "deposit-paid": "A deposit paid",
  "session-changed": "A session booked, moved or cancelled by the client",
};

/**
 * Notices on this device: on or off, which kinds, a test notice; and the other devices that
 * take them. Each device chooses for itself.
 */
export function NotificationsPanel() {
  const [overview, setOverview] = useState<PushOverview | null>(null);
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const { busy, error, notice, setNotice, run, failedTo } = useAction();

  useEffect(() => {
    (async () => {
      const mine = await currentSubscription().catch(() => null);
      setSubscription(mine);
      setOverview(await loadOverview(mine?.endpoint ?? null));
    })().catch(failedTo("load notifications"));
  }, []);

  const thisDevice = overview?.devices.find((device) => device.current) ?? null;

  const turnOn = () =>
    run(async () => {
      if (!overview?.publicKey) return;
      const made = await subscribe(overview.publicKey);
      setSubscription(made);
      setOverview(await saveDevice(made.toJSON(), [...pushTopics], deviceLabel()));
      setNotice("Notices are on for this device.");
    });

  const turnOff = () =>
    run(async () => {
      if (!subscription) return;
      await forgetDevice(subscription.endpoint);
      await subscription.unsubscribe();
      setSubscription(null);
      setOverview(await loadOverview(null));
      setNotice("Notices are off for this device.");
    });

  const toggle = (topic: PushTopic, on: boolean) =>
    run(async () => {
      if (!subscription || !thisDevice) return;
      const topics = pushTopics.filter((t) => (t === topic ? on : thisDevice.topics.includes(t)));
      setOverview(await saveDevice(subscription.toJSON(), topics, thisDevice.label));
    });

  const test = () =>
    run(async () => {
      if (!subscription) return;
      await sendTestNotice(subscription.endpoint);
      setNotice("A test notice is on its way.");
    });

  if (!overview) return <ActionOutcome error={error} notice={null} noticeClass="admin-card__notice" />;
  return (
    <div className="notifications">
      {!overview.available ? (
        <p>
          Notices are not switched on for this website yet: whoever looks after the website can switch them
          on.
        </p>
      ) : !pushSupported() ? (
        <p>
          This browser cannot take notices. On an iPhone or iPad, add the admin to your Home Screen first
          (Share, then Add to Home Screen), then open it from there and come back here.
        </p>
      ) : thisDevice && subscription ? (
        <>
          <p>Notices are on for this device ({thisDevice.label}).</p>
          <fieldset className="notifications__kinds" disabled={busy}>
            <legend>Tell me about</legend>
            {pushTopics.map((topic) => (
              <label key={topic} className="notifications__kind">
                <input
                  type="checkbox"
                  checked={thisDevice.topics.includes(topic)}
                  onChange={(event) => toggle(topic, event.currentTarget.checked)}
                />{" "}
                {topicLabels[topic]}
              </label>
            ))}
          </fieldset>
          <p className="admin-actions">
            <button type="button" className="button button--ghost" onClick={test} disabled={busy}>
              Send a test notice
            </button>
            <button type="button" className="button button--ghost" onClick={turnOff} disabled={busy}>
              Turn notices off here
            </button>
          </p>
        </>
      ) : (
        <>
          <p>Get a notice on this device when something needs you, as well as the e-mail.</p>
          <p className="admin-actions">
            <button type="button" className="button button--primary" onClick={turnOn} disabled={busy}>
              Turn on notices for this device
            </button>
          </p>
        </>
      )}
      <ActionOutcome error={error} notice={notice} noticeClass="admin-card__notice" />
      {overview.devices.some((device) => !device.current) ? (
        <section aria-labelledby="other-devices">
          <h2 id="other-devices">Your other devices</h2>
          <ul className="notifications__devices">
            {overview.devices
              .filter((device) => !device.current)
              .map((device) => (
                <li key={`${device.label}-${device.createdAt}`}>
                  {device.label}: {device.topics.length} of {pushTopics.length} kinds, last reached{" "}
                  {timeAgo(device.seenAt)}
                </li>
              ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
