// Who should hold the members' role in the Discord guild, and what the reconcile does about a
// linked member: the one rule is the premium access rule (access.ts; staff count as premium).
import { hasPremiumAccess, type AccessSubject } from "./access.ts";

/** A known role state is checked against Discord again after this long, even when nothing changed. */
export const DISCORD_RECHECK_MS = 24 * 60 * 60 * 1000;

export type DiscordLinkState = {
  /** What Discord last answered about the members' role. */
  roleGranted: boolean;
  /** The member left the guild or revoked the app: only a new Connect can bring them back in. */
  needsReconnect: boolean;
  /** When Discord last confirmed the state (null: never). */
  syncedAt: Date | number | null;
};

export type DiscordRoleAction = "grant" | "remove" | "none";

export function shouldHaveMembersRole(user: AccessSubject, now: number = Date.now()): boolean {
  return hasPremiumAccess(user, now);
}

/**
 * The reconcile decision for one linked member: give the role to whoever has access and lacks it,
 * take it from whoever holds it without access, and check a state Discord has not confirmed for a
 * day. A member waiting to reconnect is not pushed into the guild again.
 */
export function discordRoleAction(user: AccessSubject, link: DiscordLinkState, now: number = Date.now()): DiscordRoleAction {
  const stale = link.syncedAt == null || new Date(link.syncedAt).getTime() + DISCORD_RECHECK_MS <= now;
  if (shouldHaveMembersRole(user, now)) {
    if (link.needsReconnect && !link.roleGranted) return "none";
    return !link.roleGranted || stale ? "grant" : "none";
  }
  return link.roleGranted || stale ? "remove" : "none";
}

export type DiscordCardState =
  | { kind: "unlinked" }
  | { kind: "linked"; username: string; roleGranted: boolean; hasAccess: boolean; pending: boolean }
  | { kind: "reconnect"; username: string };
