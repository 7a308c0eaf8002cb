/**
 * Two-proportion z-test (pooled), two-sided: is variant B's conversion rate different from A's?
 * Returns null when either group is empty or the pooled rate is 0 or 1 (no variance to test).
 */
export function twoProportionZTest(
  a: { exposures: number; conversions: number },
  b: { exposures: number; conversions: number },
): { z: number; pValue: number } | null {
  if (a.exposures === 0 || b.exposures === 0) return null;
  const pA = a.conversions / a.exposures;
  const pB = b.conversions / b.exposures;
  const pooled = (a.conversions + b.conversions) / (a.exposures + b.exposures);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.exposures + 1 / b.exposures));
  if (se === 0) return null;
  const z = (pB - pA) / se;
  return { z, pValue: 2 * (1 - normalCdf(Math.abs(z))) };
}

/** Standard normal CDF via the Abramowitz-Stegun 7.1.26 erf approximation (error < 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
