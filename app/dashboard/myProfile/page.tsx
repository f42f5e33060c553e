import type { Metadata } from "next";
import { IdentitySection } from "@/components/account/identity-section";
import { requirePageActor } from "@/app/page-session";
import { ProfileView } from "@/components/profile/profile-view";
import { getProfile } from "@/lib/accounts/profile";

export const metadata: Metadata = { title: "My Profile", robots: { index: false } };

export default async function MyProfilePage() {
  const actor = await requirePageActor("/dashboard/myProfile");
  const profile = await getProfile(actor);

  return (
    <>
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">My Profile</h1>
      <ProfileView account={actor} memberSince={actor.memberSince} profile={profile} />
      <IdentitySection account={{ name: actor.name, imageUrl: actor.imageUrl }} />
    </>
  );
}
