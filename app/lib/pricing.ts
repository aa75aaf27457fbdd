// Display prices. What is charged is whatever the Stripe price id says.
export const PLANS = {
  monthly: { id: "monthly", name: "Monthly", price: 14.95, priceLabel: "$14.95", period: "month" },
  yearly: { id: "yearly", name: "Yearly", price: 125, priceLabel: "$125", period: "year", savingsLabel: "save $54" },
} as const;

export type PlanId = keyof typeof PLANS;
