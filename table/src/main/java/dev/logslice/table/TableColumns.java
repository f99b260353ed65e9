package dev.logslice.table;

import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

import java.util.List;

/** Checks a table's physical columns against the event fields, when the table is planned. */
final class TableColumns {
    private TableColumns() {}

    static void check(DataType physical) {
        List<String> names = DataType.getFieldNames(physical);
        List<DataType> types = DataType.getFieldDataTypes(physical);
        for (int i = 0; i < names.size(); i++) {
            EventColumn column = EventColumn.named(names.get(i));
            if (column == null) {
                throw new ValidationException(
                        "column '"
                                + names.get(i)
                                + "' is no field of a logslice event; the fields are: "
                                + EventColumn.allNames()
                                + " (and the metadata file, offset, line, malformed)");
            }
            LogicalTypeRoot root = types.get(i).getLogicalType().getTypeRoot();
            if (!column.acceptedRoots().contains(root)) {
                throw new ValidationException(
                        "column '"
                                + names.get(i)
                                + "' is "
                                + types.get(i)
                                + "; declare it as "
                                + column.defaultType()
                                + (column.acceptedRoots().contains(LogicalTypeRoot.VARCHAR)
                                        ? " or STRING"
                                        : ""));
            }
        }
    }
}
