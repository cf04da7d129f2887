import { describe, expect, it } from "vitest";
import {
	handOverLosses,
	loggerSellerLosses,
	riderSellerLosses,
	stockHandOverLosses,
} from "./consequences";

const paula = { id: "u1", email: "paula@x", hardwareId: "1" };
const pedro = { id: "u2", email: "pedro@x", hardwareId: "2" };
const nina = { id: "u3", email: "nina@x", hardwareId: null };

describe("what an assignment takes from someone", () => {
	it("names the rider who loses the logger and the logger that returns to stock", () => {
		expect(handOverLosses(pedro, { id: "1", ownerId: "u1", ownerEmail: "paula@x" })).toEqual([
			"paula@x deixa de ter o logger 1.",
			"O logger 2, que está com pedro@x, volta ao estoque.",
		]);
		expect(handOverLosses(nina, { id: "1", ownerId: "u1", ownerEmail: "paula@x" })).toEqual([
			"paula@x deixa de ter o logger 1.",
		]);
		expect(handOverLosses(pedro, { id: "C900", ownerId: null, ownerEmail: null })).toEqual([
			"O logger 2, que está com pedro@x, volta ao estoque.",
		]);
	});

	it("asks nothing when nobody loses anything", () => {
		expect(handOverLosses(nina, { id: "C900", ownerId: null, ownerEmail: null })).toEqual([]);
		expect(handOverLosses(paula, { id: "1", ownerId: "u1", ownerEmail: "paula@x" })).toEqual([]);
		expect(stockHandOverLosses(nina, "A7F3")).toEqual([]);
		expect(riderSellerLosses({ ...nina, sellerId: null, sellerEmail: null }, "s1")).toEqual([]);
		expect(loggerSellerLosses({ id: "C900", sellerId: null, sellerEmail: null }, "s1")).toEqual([]);
	});

	it("covers the seller's hand-over, a rider's new seller and a logger's new seller", () => {
		expect(stockHandOverLosses(paula, "A7F3")).toEqual([
			"O logger 1, que está com paula@x, volta ao estoque.",
		]);
		expect(
			riderSellerLosses({ ...paula, sellerId: "s1", sellerEmail: "vendedor@x" }, "s2"),
		).toEqual(["paula@x deixa de ser cliente de vendedor@x."]);
		expect(
			loggerSellerLosses({ id: "B210", sellerId: "s1", sellerEmail: "vendedor@x" }, "s2"),
		).toEqual(["O logger B210 sai do estoque de vendedor@x."]);
	});
});
