/** Platform amounts are decimals of the currency; they are kept to cents so sums come out as the platform shows them. */
export const roundMoney = (amount: number): number => Math.round(amount * 100) / 100;
