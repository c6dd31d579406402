/**
 * Who fits whom (gender and sexuality match both ways, product.md §10): two members fit when each
 * is of a gender the other looks for. What a member looks for follows from their gender and
 * sexuality (`soughtGenders`); this module only applies it in both directions.
 */
import { sexualities } from "~/profiles/profile-fields";
import { soughtGenders, type Gender, type Sexuality } from "~/profiles/profile-schema";

export type Orientation = { gender: Gender; sexuality: Sexuality };

/** Whether `seeker` looks for members of `other`'s gender. */
export function seeks(seeker: Orientation, other: Pick<Orientation, "gender">): boolean {
  return soughtGenders(seeker.gender, seeker.sexuality).includes(other.gender);
}

/** Both look for the other's gender. */
export function fitsBothWays(a: Orientation, b: Orientation): boolean {
  return seeks(a, b) && seeks(b, a);
}

/**
 * The (gender, sexualities) groups of members who fit `member` both ways — what a query filters on:
 * for each gender the member looks for, the sexualities of that gender that look for the member's.
 */
export function fittingGroups(member: Orientation): { gender: Gender; sexualities: Sexuality[] }[] {
  return soughtGenders(member.gender, member.sexuality)
    .map((gender) => ({ gender, sexualities: sexualities.filter((sexuality) => seeks({ gender, sexuality }, member)) }))
    .filter((group) => group.sexualities.length > 0);
}
