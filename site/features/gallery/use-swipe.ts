import { type PointerEvent, useRef } from "react";
import { swipe } from "./gallery-config";

/** Horizontal swipe of at least 50 px within 500 ms: left → next, right → previous. */
export function useSwipe(onSwipe: (direction: "left" | "right") => void) {
  const start = useRef<{ x: number; y: number; t: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent) {
      start.current = { x: event.clientX, y: event.clientY, t: event.timeStamp };
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      const dt = event.timeStamp - from.t;
      if (Math.abs(dx) >= swipe.minDistancePx && Math.abs(dx) > Math.abs(dy) && dt <= swipe.maxDurationMs) {
        onSwipe(dx < 0 ? "left" : "right");
      }
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}
