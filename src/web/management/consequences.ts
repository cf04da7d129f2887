/**
 * What an assignment takes from someone, in the words the confirmation shows. Pure: the screens
 * pass the rows they show. An empty list means nobody loses anything (no question asked).
 */

interface RiderFacts {
	id: string;
	email: string;
	hardwareId: string | null;
}

interface LoggerFacts {
	id: string;
	ownerId: string | null;
	ownerEmail: string | null;
}

/** /adm: the logger goes to the rider. Its owner loses it; the rider's own logger goes to stock. */
export function handOverLosses(rider: RiderFacts, logger: LoggerFacts): string[] {
	if (logger.ownerId === rider.id) return [];
	const lines: string[] = [];
	if (logger.ownerId !== null) {
		lines.push(`${logger.ownerEmail ?? "O piloto atual"} deixa de ter o logger ${logger.id}.`);
	}
	if (rider.hardwareId !== null && rider.hardwareId !== logger.id) {
		lines.push(`O logger ${rider.hardwareId}, que está com ${rider.email}, volta ao estoque.`);
	}
	return lines;
}

/** /seller: a logger of the stock goes to the rider; the rider's previous logger returns to stock. */
export function stockHandOverLosses(rider: RiderFacts, loggerId: string): string[] {
	if (rider.hardwareId === null || rider.hardwareId === loggerId) return [];
	return [`O logger ${rider.hardwareId}, que está com ${rider.email}, volta ao estoque.`];
}

/** /seller-adm: the rider becomes the seller's; a previous seller loses the rider. */
export function riderSellerLosses(
	rider: { id: string; email: string; sellerId: string | null; sellerEmail: string | null },
	sellerId: string,
): string[] {
	if (rider.sellerId === null || rider.sellerId === sellerId) return [];
	return [`${rider.email} deixa de ser cliente de ${rider.sellerEmail ?? "seu revendedor atual"}.`];
}

/** /hardware: the logger joins the seller's stock and leaves the previous seller's. */
export function loggerSellerLosses(
	logger: { id: string; sellerId: string | null; sellerEmail: string | null },
	sellerId: string,
): string[] {
	if (logger.sellerId === null || logger.sellerId === sellerId) return [];
	return [
		`O logger ${logger.id} sai do estoque de ${logger.sellerEmail ?? "seu revendedor atual"}.`,
	];
}
