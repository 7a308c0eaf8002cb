import { useCallback, useEffect, useRef, useState } from "react";
import { type TimeOfDay, timeOfDayAt } from "../../../shared/personalization";
import type { VisitorLocation } from "../../../shared/schemas/location";
import { readSessionData, useConsent } from "../consent";
import { locationService } from "../location";
import { logger, trackEvent } from "../measurements";
import { hiddenCities, locationLine } from "./location-line";
import { personalize } from "./personalize-api";
import { BasicGreeting } from "./stand-ins";

/**
 * The home page's personalised header. Without general and personalization consent it shows
 * the basic welcome and makes no request. With consent: loading, then a fallback greeting at
 * once, then the written greeting once the location is known (location only with its own
 * consent); a new city regenerates it; Refresh re-runs all.
 */

function fallbackGreeting(timeOfDay: TimeOfDay, city: string | null): string {
  const greeting = `Good ${timeOfDay}`;
  return `${city ? `${greeting} from ${city}` : greeting}! Let's explore the intersection of art and personal expression.`;
}

export function PersonalizedHeader() {
  const consent = useConsent();
  const enabled = consent?.features.personalization === true;
  const [greeting, setGreeting] = useState<string | null>(null);
  const [location, setLocation] = useState<VisitorLocation | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [timeOfDay, setTimeOfDay] = useState<TimeOfDay>("afternoon");
  const run = useRef(0);

  const write = useCallback(async (where: VisitorLocation | null, tod: TimeOfDay, ticket: number) => {
    const city = where && !hiddenCities.has(where.city) ? where.city : null;
    const session = readSessionData();
    try {
      const answer = await personalize("homepage-greeting", {
        location: city ? `${city}, ${where?.region}` : "Local",
        timeOfDay: tod,
        userInterests: session.interests.slice(-10),
        visitHistory: session.visitedPages.map((visit) => visit.page).slice(-20),
      });
      if (run.current === ticket) setGreeting(answer.content);
    } catch (error) {
      logger.warn("Greeting failed; showing the fallback", { error: String(error) });
      if (run.current === ticket) setGreeting(fallbackGreeting(tod, city));
    }
  }, []);

  const start = useCallback(
    async (refresh: boolean) => {
      const ticket = ++run.current;
      const tod = timeOfDayAt(new Date().getHours());
      setTimeOfDay(tod);
      const cached = consent?.features.location ? locationService.cached() : null;
      setLocation(cached);
      setGreeting(fallbackGreeting(tod, cached && !hiddenCities.has(cached.city) ? cached.city : null));
      const where = consent?.features.location ? await locationService.update({ force: refresh }) : null;
      if (run.current !== ticket) return;
      setLocation(where);
      await write(where, tod, ticket);
    },
    [consent?.features.location, write],
  );

  useEffect(() => {
    if (!enabled) return;
    void start(false);
    locationService.start();
    const unsubscribe = locationService.subscribe((update) => {
      if (update.error || !update.changed) return;
      setLocation(update.location);
      void write(update.location, timeOfDayAt(new Date().getHours()), ++run.current);
    });
    return () => {
      unsubscribe();
      locationService.stop();
      run.current++;
    };
  }, [enabled, start, write]);

  if (!enabled) return <BasicGreeting />;

  const line = locationLine(location, timeOfDay);
  return (
    <section
      className="greeting greeting--personal"
      aria-label="Your personal welcome"
      aria-busy={greeting === null}
    >
      {greeting === null ? (
        <p className="greeting__text greeting__text--loading">Personalizing your experience...</p>
      ) : (
        <h2 className="greeting__text" data-testid="personal-greeting">
          {greeting}
        </h2>
      )}
      {line ? <p className="greeting__location">{line}</p> : null}
      <p className="greeting__note">
        <span className="greeting__badge greeting__badge--active">
          Personalized experience active - Session only
        </span>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={refreshing}
          onClick={async () => {
            setRefreshing(true);
            trackEvent("Personalization Engaged", { type: "homepage_greeting" });
            await start(true);
            setRefreshing(false);
          }}
        >
          {refreshing ? "Refreshing..." : "Refresh"}
        </button>
      </p>
    </section>
  );
}
