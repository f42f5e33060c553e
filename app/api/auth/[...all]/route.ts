import { limitAuthRequest } from "@/lib/accounts/auth-limits";
import { getAuth } from "@/lib/auth";
import { route } from "@/lib/http";

// better-auth answers sign-up, sign-in, sign-out and session under /api/auth/*, behind our limits.
const handle = route(async (request: Request) => limitAuthRequest(request, async () => (await getAuth()).handler(request)));

export { handle as GET, handle as POST };
