import { useContractMutation } from '../../api/hooks';

/** The Sell screen's own contract hooks; the sales list it shows is read through ../../api/terminal-sales, shared with the manager. */
export const useCharge = () => useContractMutation('terminalSales.charge');
export const useCancelSale = () => useContractMutation('terminalSales.cancel');
export const useRefundSale = () => useContractMutation('terminalSales.refund');
