import GRDB

/// Ids as one SQL argument, for `id IN (SELECT value FROM json_each(?))`: any number of them in
/// one statement (SQLite caps `?` placeholders), and the query text stays the same.
enum IDList {
    static func argument(_ ids: [Int64]) -> StatementArguments {
        ["[" + ids.map(String.init).joined(separator: ",") + "]"]
    }
}
