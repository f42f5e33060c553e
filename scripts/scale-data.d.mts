export type ScaleSize = { products: number; users: number; orders: number; reviews: number; messages: number; subscribers: number };
export const FULL_SCALE: ScaleSize;
export const SMOKE_SCALE: ScaleSize;
export function generateScaleData(
  query: (sql: string) => Promise<unknown>,
  size: ScaleSize,
  options?: { buyer?: { id: string; email: string; orders: number } },
): Promise<void>;
