/** The client's address as the edge reports it. */
export function clientAddress(headers: { header(name: string): string | undefined }): string | null {
  return headers.header("CF-Connecting-IP") ?? null;
}

/**
 * The visitor an address stands for, as the per-visitor limits count them: an IPv4 address is
 * one visitor; an IPv6 address is grouped by its /64, because one home or phone is handed a
 * whole /64 and can pick a fresh address in it for every request. IPv4-mapped IPv6
 * (`::ffff:192.0.2.1`) and NAT64 (`64:ff9b::192.0.2.1`) are the IPv4 address they carry.
 * Anything unreadable is kept as written, so it still counts as one visitor.
 */
export function visitorOf(address: string): string {
  const text = address.trim().toLowerCase();
  const v4 = ipv4Octets(text);
  if (v4) return v4.join(".");
  const groups = ipv6Groups(text);
  if (!groups) return text;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  // The well-known NAT64 prefix also carries a whole IPv4 address in its last 32 bits.
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (mapped || nat64) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16).padStart(4, "0"))
    .join(":")}::/64`;
}

function ipv4Octets(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const octets = parts.map(Number);
  return octets.every((n) => n <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address in any written form, or null. */
function ipv6Groups(text: string): number[] | null {
  const bare = text.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!bare.includes(":")) return null;
  const halves = bare.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (const [i, piece] of pieces.entries()) {
      // The last 32 bits may be written as a dotted IPv4 address.
      const octets = i === pieces.length - 1 ? ipv4Octets(piece) : null;
      if (octets) {
        out.push(((octets[0] ?? 0) << 8) | (octets[1] ?? 0), ((octets[2] ?? 0) << 8) | (octets[3] ?? 0));
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) {
        out.push(Number.parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  const head = parse(halves[0] ?? "");
  const tail = halves.length === 2 ? parse(halves[1] ?? "") : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...new Array<number>(missing).fill(0), ...tail] : null;
}
